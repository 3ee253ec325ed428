import CLazyLibraries

/// Reads an RSS 2.0, RSS 1.0 (RDF) or Atom 1.0 feed through expat as its
/// bytes arrive (``parse(_:final:)`` once per chunk), keeping only what the
/// sign shows (``FeedItemBuilder``) and never more than ``FeedLimits``.
///
/// A feed is hostile input (docs/feeds.md, "Parsing"): a document that
/// declares any entity is refused outright — feeds have no use for them,
/// and it closes billion laughs, quadratic blow-up and external entities
/// at once; parameter entities and the external DTD subset are never
/// read (no external entity handler is set, so expat reads nothing from
/// disk or the network, ever). Deep nesting past ``FeedLimits/depth`` and
/// a document past ``FeedLimits/documentBytes`` are refused too.
final class FeedXMLReader {
    private var parser: XML_Parser?
    private var builder: FeedItemBuilder
    private var failure: FeedError?
    private var bytesRead = 0

    /// Call `LazyLibrary.expatError` first: nil means expat is loaded.
    init(maximumItems: Int) {
        builder = FeedItemBuilder(maximumItems: maximumItems)
        // Names come as "namespace|local" (or "local" outside any
        // namespace), so RSS 1.0's and Atom's elements are told by their
        // namespace, not by a prefix a feed may choose freely.
        parser = lm_XML_ParserCreateNS(nil, CChar(UInt8(ascii: "|")))
        guard let parser else { failure = FeedError(description: "cannot start the XML parser (out of memory)"); return }
        lm_XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        lm_XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        lm_XML_SetElementHandler(parser, { data, name, attributes in
            FeedXMLReader.reader(data).start(name, attributes)
        }, { data, name in
            FeedXMLReader.reader(data).end(name)
        })
        lm_XML_SetCharacterDataHandler(parser, { data, text, length in
            guard let text, length > 0 else { return }
            FeedXMLReader.reader(data).builder.text(UnsafeRawBufferPointer(start: text, count: Int(length)))
        })
        lm_XML_SetEntityDeclHandler(parser, { data, _, _, _, _, _, _, _, _ in
            FeedXMLReader.reader(data).stop(FeedError(description: "the feed declares an entity, which is refused (entities can expand without bound or name files)"))
        })
    }

    deinit {
        if let parser { lm_XML_ParserFree(parser) }
    }

    /// Parses the next `chunk` of the document; `final` with the last (an
    /// empty chunk may end it). Throws the first error, and then for
    /// every later call.
    func parse(_ chunk: UnsafeRawBufferPointer, final: Bool) throws(FeedError) {
        if let failure { throw failure }
        guard let parser else { throw FeedError(description: "the XML parser is gone") }
        bytesRead += chunk.count
        guard bytesRead <= FeedLimits.documentBytes else {
            throw fail(FeedError(description: "the feed is over \(FeedLimits.documentBytes >> 20) MiB"))
        }
        let base = chunk.baseAddress?.assumingMemoryBound(to: CChar.self)
        if lm_XML_Parse(parser, base, Int32(chunk.count), final ? 1 : 0) != XML_STATUS_OK {
            if let failure { throw failure }
            let line = lm_XML_GetCurrentLineNumber(parser)
            let reason = lm_XML_ErrorString(lm_XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "not XML"
            throw fail(FeedError(description: "not a well-formed feed: \(reason) at line \(line)"))
        }
        if final {
            guard builder.format != nil else { throw fail(FeedError(description: builder.notAFeed)) }
        }
    }

    /// What was read: valid once the final chunk parsed without error.
    var document: FeedDocument { builder.document }
    /// The format the root element named, once it is read.
    var format: FeedFormat? { builder.format }

    private static func reader(_ data: UnsafeMutableRawPointer?) -> FeedXMLReader {
        Unmanaged<FeedXMLReader>.fromOpaque(data!).takeUnretainedValue()
    }

    private func start(_ name: UnsafePointer<CChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        guard failure == nil, let name else { return }
        guard builder.depth < FeedLimits.depth else {
            stop(FeedError(description: "the feed nests elements more than \(FeedLimits.depth) deep"))
            return
        }
        var pairs: [(String, String)] = []
        var attribute = attributes
        while let key = attribute?.pointee, let value = attribute?.advanced(by: 1).pointee {
            pairs.append((String(cString: key), String(cString: value)))
            attribute = attribute?.advanced(by: 2)
        }
        if let error = builder.start(String(cString: name), attributes: pairs) { stop(error) }
    }

    private func end(_ name: UnsafePointer<CChar>?) {
        guard failure == nil, let name else { return }
        builder.end(String(cString: name))
    }

    /// Stops the parser at once with `error` (from inside a handler).
    private func stop(_ error: FeedError) {
        guard failure == nil else { return }
        failure = error
        if let parser { lm_XML_StopParser(parser, 0) }
    }

    private func fail(_ error: FeedError) -> FeedError {
        failure = error
        return error
    }
}
