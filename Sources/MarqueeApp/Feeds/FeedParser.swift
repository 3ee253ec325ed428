/// Reads a whole feed document in any of the four formats: JSON Feed when
/// its first non-blank byte is `{`, else XML (RSS 2.0, RSS 1.0, Atom)
/// through expat (``FeedXMLReader``). The fetcher feeds XML to the reader
/// as it arrives instead; this is for a document already in hand (the
/// copy cached on disk, the tests, the fuzz target).
enum FeedParser {
    static func parse(_ bytes: [UInt8], maximumItems: Int = FeedLimits.items) throws(FeedError) -> (FeedDocument, FeedFormat) {
        if isJSON(bytes) {
            return (try JSONFeedReader.read(bytes, maximumItems: maximumItems), .jsonFeed)
        }
        if let error = LazyLibrary.expatError { throw FeedError(description: error) }
        let reader = FeedXMLReader(maximumItems: maximumItems)
        var failure: FeedError?
        bytes.withUnsafeBytes { chunk in
            do throws(FeedError) { try reader.parse(chunk, final: true) } catch { failure = error }
        }
        if let failure { throw failure }
        guard let format = reader.format else { throw FeedError(description: "not a feed") }
        return (reader.document, format)
    }

    /// Whether `bytes` is a JSON document (first non-blank byte `{`, past
    /// a byte order mark) rather than XML.
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
    }
}
