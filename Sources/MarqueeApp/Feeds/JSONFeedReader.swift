/// Reads a JSON Feed (1.0 or 1.1, jsonfeed.org): `items[].title` (else
/// `content_text`'s first line, as a title-less microblog post has none)
/// the message, `summary` (else `content_text`, else `content_html` as
/// HTML) the caption, `id` (else `url`) the key. Parsed whole (a JSON
/// document has no useful prefix), within ``FeedLimits/documentBytes``.
enum JSONFeedReader {
    static func read(_ bytes: [UInt8], maximumItems: Int) throws(FeedError) -> FeedDocument {
        guard bytes.count <= FeedLimits.documentBytes else {
            throw FeedError(description: "the feed is over \(FeedLimits.documentBytes >> 20) MiB")
        }
        guard case let .object(root)? = JSONValue.parse(bytes) else {
            throw FeedError(description: "not a JSON Feed: the document is not a JSON object")
        }
        guard case let .string(version)? = root["version"], version.hasPrefix("https://jsonfeed.org/version/") else {
            throw FeedError(description: "not a JSON Feed: no \"version\" naming https://jsonfeed.org/version/…")
        }
        var document = FeedDocument()
        if case let .string(title)? = root["title"] {
            document.title = FeedText.plain(title, html: false, limit: FeedLimits.titleCharacters)
        }
        guard case let .array(items)? = root["items"] else {
            throw FeedError(description: "not a JSON Feed: no \"items\" array")
        }
        let kept = min(max(0, maximumItems), FeedLimits.items)
        for case let .object(entry) in items where document.items.count < kept {
            if let item = item(entry) { document.items.append(item) }
        }
        return document
    }

    private static func item(_ entry: [String: JSONValue]) -> FeedItem? {
        func string(_ key: String) -> String? {
            if case let .string(value)? = entry[key], !value.isEmpty { return value }
            return nil
        }
        let contentText = string("content_text")
        let rawTitle = string("title") ?? contentText.map { String($0.prefix { $0 != "\n" }) }
        guard let rawTitle else { return nil }
        let title = FeedText.plain(rawTitle, html: false, limit: FeedLimits.titleCharacters)
        guard !title.isEmpty else { return nil }
        let summary: String
        if let text = string("summary") ?? (string("title") != nil ? contentText : nil) {
            summary = FeedText.plain(text, html: false, limit: FeedLimits.summaryCharacters)
        } else if let html = string("content_html") {
            summary = FeedText.plain(html, html: true, limit: FeedLimits.summaryCharacters)
        } else {
            summary = ""
        }
        let url = string("url").flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
        let key = string("id").map { FeedText.cut($0, limit: 1_000) } ?? url ?? title
        return FeedItem(title: title, summary: summary, key: key)
    }
}
