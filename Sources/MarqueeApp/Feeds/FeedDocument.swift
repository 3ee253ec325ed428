/// A news feed as the sign plays it: its items in the feed's own order
/// (newest first in most feeds), each as plain one-line text. What a feed
/// said in HTML, entities, CDATA or JSON is already text here
/// (`FeedText`), cut to ``FeedLimits`` (docs/feeds.md, "Parsing").
struct FeedDocument: Equatable, Sendable {
    /// The feed's own title (the channel's, the feed's), "" when it has none.
    var title = ""
    /// At most the `items` asked for, and never more than ``FeedLimits/items``.
    var items: [FeedItem] = []
    /// How long the publisher asks readers to wait between fetches, in
    /// minutes (RSS `<ttl>`); nil when it does not say.
    var ttlMinutes: Int?
}

/// One item of a feed: its title the message, its summary the caption.
struct FeedItem: Equatable, Sendable {
    /// One line of plain text, never empty (an item without a title is
    /// dropped, as there would be nothing to show).
    var title: String
    /// One line of plain text, "" when the item has none.
    var summary: String
    /// What tells this item from the others across fetches: its guid or id,
    /// else its absolute link, else its title. A refresh keeps the item on
    /// the sign when an item with this key is still in the feed.
    var key: String
}

/// The formats a feed may be in, told by its first element or character.
enum FeedFormat: String, Sendable {
    case rss = "RSS 2.0"
    case rdf = "RSS 1.0 (RDF)"
    case atom = "Atom 1.0"
    case jsonFeed = "JSON Feed"
}

/// Why a feed could not be read, in one line (the flow plays on with the
/// items it had: docs/feeds.md).
struct FeedError: Error, Equatable, CustomStringConvertible {
    let description: String
    /// What makes two failures the same failure, for saying each reason
    /// once: libcurl's code or the HTTP status, not its message, which
    /// carries timings ("Failed to connect ... after 2 ms", then "0 ms").
    let reason: String

    init(description: String, reason: String? = nil) {
        self.description = description
        self.reason = reason ?? description
    }
}

/// The caps on what a feed may make the sign hold (docs/limits.md): every
/// one is a resource the feed's server controls.
enum FeedLimits {
    /// Bytes of a feed document (after decompression): a longer one is
    /// refused and the items before it kept.
    static let documentBytes = 4 << 20
    /// Items kept of one feed, whatever `items` asks; the parser forgets
    /// the rest as it reads them.
    static let items = 100
    /// Characters of a title and of a summary, cut with an ellipsis.
    static let titleCharacters = 300
    static let summaryCharacters = 1_000
    /// Bytes of text gathered for one element before the rest is ignored
    /// (an `<item>`'s description may be a whole article).
    static let elementBytes = 64 << 10
    /// Elements open at once: deeper nesting is refused.
    static let depth = 64
}
