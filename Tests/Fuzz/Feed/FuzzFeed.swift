@testable import MarqueeApp

/// News feeds as the sign reads them (docs/feeds.md, "Parsing"): any bytes
/// through `FeedParser` (JSON Feed, or RSS/RDF/Atom through expat), and the
/// XML path again in chunks split where the first byte says. Invariants:
/// whole and chunked reading agree; an error is one safe line; every item
/// has a title, and titles and summaries are one line, within their caps,
/// with no control character; never more items than asked or the cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let asked = 1 + Int(bytes.first ?? 0) % 12
    let whole: Result<FeedDocument, FeedError>
    do {
        whole = .success(try FeedParser.parse(bytes, maximumItems: asked).0)
    } catch {
        requireSafeMessage(error.description, "feed error")
        whole = .failure(error)
    }
    if case let .success(feed) = whole {
        require(feed.items.count <= asked, "no more items than asked", "\(feed.items.count) > \(asked)")
        requireLine(feed.title, limit: FeedLimits.titleCharacters, "feed title")
        for item in feed.items {
            require(!item.title.isEmpty, "an item has a title")
            requireLine(item.title, limit: FeedLimits.titleCharacters, "title")
            requireLine(item.summary, limit: FeedLimits.summaryCharacters, "summary")
        }
    }
    // The fetcher reads XML as it arrives: any split reads as the whole.
    guard !FeedParser.isJSON(bytes), LazyLibrary.expatError == nil else { return 0 }
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % max(1, bytes.count)
    let reader = FeedXMLReader(maximumItems: asked)
    var failure: FeedError?
    bytes[..<split].withUnsafeBytes { chunk in
        do throws(FeedError) { try reader.parse(chunk, final: false) } catch { failure = error }
    }
    if failure == nil {
        bytes[split...].withUnsafeBytes { chunk in
            do throws(FeedError) { try reader.parse(chunk, final: true) } catch { failure = error }
        }
    }
    let chunked: Result<FeedDocument, FeedError> = failure.map { .failure($0) } ?? .success(reader.document)
    switch (whole, chunked) {
    case let (.success(a), .success(b)): require(a == b, "chunked reading gives the same feed")
    case (.failure, .failure): break
    default: broken("chunked and whole reading disagree on success", "\(whole) / \(chunked)")
    }
    return 0
}

func requireLine(_ text: String, limit: Int, _ what: String) {
    require(text.count <= limit, "\(what) within its cap", "\(text.count)")
    require(!text.unicodeScalars.contains { $0.properties.isWhitespace && $0 != " " }, "\(what) is one line", text)
    require(!text.unicodeScalars.contains(where: isC0orC1), "\(what) has no control character", text)
    require(!text.hasPrefix(" ") && !text.hasSuffix(" "), "\(what) is trimmed", text)
}
