/// Builds a ``FeedDocument`` from the elements of an RSS 2.0, RSS 1.0 (RDF)
/// or Atom feed as a streaming parser reports them (``FeedXMLReader``):
/// the root tells the format; each `<item>` or `<entry>` becomes a
/// ``FeedItem`` from its title, summary (`description`, `summary`, else
/// `content`), and key (`guid`, `id`, else an absolute `link`). Everything
/// else is skipped as it streams by, so what is kept follows the items
/// asked for, not the document's size.
struct FeedItemBuilder {
    private(set) var format: FeedFormat?
    private(set) var document = FeedDocument()
    /// Elements open now.
    private(set) var depth = 0
    private let maximumItems: Int

    /// The item being read, nil outside an item (or past the items kept).
    private var item: PendingItem?
    /// The depth of the item element open (kept or not), 0 outside one.
    private var itemDepth = 0
    /// The element whose text is being gathered, and its depth.
    private var gathering: (field: Field, depth: Int, html: Bool)?
    private var text: [UInt8] = []
    /// The root element's name, for the error when it is not a feed.
    private var root = ""

    private enum Field { case title, summary, content, key, link, feedTitle, ttl }

    private struct PendingItem {
        var title: (text: String, html: Bool)?
        var summary: (text: String, html: Bool)?
        var content: (text: String, html: Bool)?
        var key: String?
        var link: String?
    }

    private static let rss1 = "http://purl.org/rss/1.0/"
    private static let rss09 = "http://my.netscape.com/rdf/simple/0.9/"
    private static let atom = "http://www.w3.org/2005/Atom"
    private static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    init(maximumItems: Int) {
        self.maximumItems = min(max(0, maximumItems), FeedLimits.items)
    }

    /// What a document whose root is not a feed's is told.
    var notAFeed: String {
        root.isEmpty ? "not a feed: the document is empty"
            : "not a feed: the root element is <\(root.split(separator: "|").last ?? "")>, not <rss>, <rdf:RDF> or <feed>"
    }

    /// An element opens: `name` is "namespace|local" or "local".
    mutating func start(_ name: String, attributes: [(String, String)]) -> FeedError? {
        depth += 1
        if depth == 1 {
            root = name
            switch name {
            case "rss": format = .rss
            case Self.rdf + "|RDF": format = .rdf
            case Self.atom + "|feed": format = .atom
            default: return FeedError(description: notAFeed)
            }
            return nil
        }
        guard gathering == nil, let format else { return nil }
        let (namespace, local) = split(name)
        let html = format == .atom ? attributes.first { $0.0 == "type" }.map { $0.1 == "html" || $0.1 == "xhtml" } ?? false
            : true
        if itemDepth == 0 {
            if isItem(namespace, local) {
                itemDepth = depth
                if document.items.count < maximumItems { item = PendingItem() }
                return nil
            }
            // The channel's (or Atom feed's) own title and RSS's ttl.
            let channelLevel = format == .atom ? depth == 2 : depth == 3
            if channelLevel, local == "title", isFieldNamespace(namespace) { begin(.feedTitle, html: html && format == .atom) }
            if channelLevel, format == .rss, local == "ttl", namespace.isEmpty { begin(.ttl, html: false) }
            return nil
        }
        guard item != nil, isFieldNamespace(namespace) else { return nil }
        switch (format, local) {
        case (_, "title"): begin(.title, html: html)
        case (.rss, "description"), (.rdf, "description"), (.atom, "summary"): begin(.summary, html: html)
        case (.atom, "content"): begin(.content, html: html)
        case (.rss, "guid"), (.atom, "id"): begin(.key, html: false)
        case (.rss, "link"), (.rdf, "link"): begin(.link, html: false)
        case (.atom, "link"):
            let rel = attributes.first { $0.0 == "rel" }?.1 ?? "alternate"
            if rel == "alternate", let href = attributes.first(where: { $0.0 == "href" })?.1 { item?.link = href }
        default: break
        }
        return nil
    }

    /// Character data inside the current element.
    mutating func text(_ bytes: UnsafeRawBufferPointer) {
        guard gathering != nil else { return }
        let room = FeedLimits.elementBytes - text.count
        if room > 0 { text.append(contentsOf: bytes.prefix(room)) }
    }

    /// An element closes.
    mutating func end(_ name: String) {
        defer { depth -= 1 }
        if let open = gathering, open.depth == depth {
            finish(open.field, html: open.html)
            gathering = nil
            return
        }
        guard itemDepth == depth else { return }
        itemDepth = 0
        if let pending = item { append(pending) }
        item = nil
    }

    // MARK: -

    /// Whether an element of `namespace` may be a title, summary, link or
    /// key: RSS 2.0's have none, RSS 1.0's (and 0.9's) and Atom's their own.
    private func isFieldNamespace(_ namespace: String) -> Bool {
        switch format {
        case .rss: namespace.isEmpty
        case .rdf: namespace == Self.rss1 || namespace == Self.rss09
        case .atom: namespace == Self.atom
        default: false
        }
    }

    private func isItem(_ namespace: String, _ local: String) -> Bool {
        switch format {
        case .rss: namespace.isEmpty && local == "item"
        case .rdf: (namespace == Self.rss1 || namespace == Self.rss09) && local == "item"
        case .atom: namespace == Self.atom && local == "entry"
        default: false
        }
    }

    private func split(_ name: String) -> (namespace: String, local: String) {
        guard let bar = name.lastIndex(of: "|") else { return ("", name) }
        return (String(name[..<bar]), String(name[name.index(after: bar)...]))
    }

    private mutating func begin(_ field: Field, html: Bool) {
        gathering = (field, depth, html)
        text.removeAll(keepingCapacity: true)
    }

    private mutating func finish(_ field: Field, html: Bool) {
        // Expat hands over UTF-8 it has checked; a cut at the byte cap may
        // split a character, which decoding repairs.
        let value = String(decoding: text, as: UTF8.self)
        switch field {
        case .title: item?.title = (value, html)
        case .summary: item?.summary = (value, html)
        case .content: item?.content = (value, html)
        case .key: item?.key = value.trimmingWhitespace()
        case .link: item?.link = value.trimmingWhitespace()
        case .feedTitle: document.title = FeedText.plain(value, html: html, limit: FeedLimits.titleCharacters)
        case .ttl: document.ttlMinutes = Int(value.trimmingWhitespace()).flatMap { (1...10_080).contains($0) ? $0 : nil }
        }
    }

    private mutating func append(_ pending: PendingItem) {
        guard let raw = pending.title else { return }
        let title = FeedText.plain(raw.text, html: raw.html, limit: FeedLimits.titleCharacters)
        guard !title.isEmpty else { return }
        let source = pending.summary ?? pending.content
        let summary = source.map { FeedText.plain($0.text, html: $0.html, limit: FeedLimits.summaryCharacters) } ?? ""
        // Relative links are ignored: they name nothing without the feed's
        // address, and two items' relative links may be alike.
        let link = pending.link.flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
        let key = pending.key.flatMap { $0.isEmpty ? nil : FeedText.cut($0, limit: 1_000) } ?? link ?? title
        document.items.append(FeedItem(title: title, summary: summary, key: key))
    }
}

extension String {
    /// Without white space (and line breaks) at either end.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
