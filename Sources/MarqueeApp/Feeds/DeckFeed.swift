import MarqueeCore

/// A deck entry that plays a news feed: `{"feed": URL, "items": 5,
/// "every": "15m", "caption": "summary"|"none", "prefix": "NEWS: "}`
/// (docs/feeds.md, "Playing a feed"), and where in the deck it stands.
public struct DeckFeed: Equatable, Sendable {
    /// The number of the deck's fixed messages before this entry.
    public var position: Int
    public var entry: FeedEntry

    /// Each feed is a fetcher and a connection of its own.
    public static let maximumPerDeck = 8
}

extension CueFileParser {
    /// The keys a feed entry may have; any other is ignored with a note.
    static let feedKeys = ["feed", "items", "every", "caption", "prefix"]

    /// A `{"feed": …}` deck entry, checked as hostile input: a one-line
    /// error naming the entry and the key.
    static func feedEntry(_ object: [String: JSONValue], place: String, notes: inout [String]) throws(ParseError) -> FeedEntry {
        func checked<T>(_ body: () throws(FeedError) -> T) throws(ParseError) -> T {
            do { return try body() } catch { throw ParseError("\(place): \(error.description)") }
        }
        guard case .string(let url)? = object["feed"] else { throw ParseError("\(place): \"feed\" must be the feed's URL, a string") }
        var entry = try checked { () throws(FeedError) in try FeedEntry(url: url) }
        switch object["items"] {
        case nil, .null?: break
        case .number(let count)?: entry.items = try checked { () throws(FeedError) in try FeedEntry.items(count) }
        default: throw ParseError("\(place): \"items\" must be a number")
        }
        switch object["every"] {
        case nil, .null?: break
        case .string(let text)?: entry.everySeconds = try checked { () throws(FeedError) in try FeedEntry.every(text) }
        case .number(let seconds)?: entry.everySeconds = try checked { () throws(FeedError) in try FeedEntry.every(seconds: seconds) }
        default: throw ParseError("\(place): \"every\" must be a duration such as \"15m\"")
        }
        switch object["caption"] {
        case nil, .null?, .string("summary")?: break
        case .string("none")?: entry.captions = false
        default: throw ParseError("\(place): \"caption\" of a feed entry must be \"summary\" or \"none\"")
        }
        switch object["prefix"] {
        case nil, .null?: break
        case .string(let text)?: entry.prefix = try checked { () throws(FeedError) in try FeedEntry.prefix(text) }
        default: throw ParseError("\(place): \"prefix\" must be a string")
        }
        let unknown = object.keys.filter { !feedKeys.contains($0) }.sorted()
        if !unknown.isEmpty {
            let names = unknown.map(quoted).joined(separator: ", ")
            notes.append("\(place): unknown key\(unknown.count == 1 ? "" : "s") \(names) ignored (a feed entry has \(feedKeys.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        return entry
    }
}

extension FeedDeckSource.Part {
    /// The parts of a deck: its fixed messages with each feed in its place.
    static func parts(cues: [Cue], feeds: [DeckFeed]) -> [FeedDeckSource.Part] {
        var parts: [FeedDeckSource.Part] = []
        var start = 0
        for feed in feeds {
            if feed.position > start { parts.append(.fixed(Array(cues[start..<feed.position]))) }
            parts.append(.feed(feed.entry))
            start = feed.position
        }
        if start < cues.count { parts.append(.fixed(Array(cues[start...]))) }
        return parts
    }
}
