import Foundation
import Testing
@testable import MarqueeApp

/// The pure rules of fetching (docs/feeds.md): when to fetch again, what is
/// kept of a response's headers, what a deck's feed entry may say, and the
/// copy kept on disk.
@Suite("Feed rules")
struct FeedRulesTests {
    @Test("never sooner than every; later when the feed asks, up to a day; backoff 1 min doubling to every")
    func refresh() {
        var refresh = FeedRefresh(everySeconds: 900)
        #expect(refresh.afterSuccess(askedSeconds: nil) == 900)
        #expect(refresh.afterSuccess(askedSeconds: 60) == 900)
        #expect(refresh.afterSuccess(askedSeconds: 3_600) == 3_600)
        #expect(refresh.afterSuccess(askedSeconds: 7 * 86_400) == 86_400)
        #expect([refresh.afterFailure(), refresh.afterFailure(), refresh.afterFailure(), refresh.afterFailure(),
                 refresh.afterFailure()] == [60, 120, 240, 480, 900])
        #expect(refresh.afterSuccess(askedSeconds: nil) == 900)
        #expect(refresh.afterFailure() == 60, "a success resets the backoff")
        var fast = FeedRefresh(everySeconds: 10)
        #expect(fast.afterFailure() == 10, "the backoff never waits longer than every")
    }

    @Test("headers: the last response's validators and max-age; hostile values dropped")
    func headers() {
        var headers = FeedResponseHeaders()
        for line in ["HTTP/1.1 302 Found\r\n", "ETag: \"old\"\r\n", "HTTP/1.1 200 OK\r\n", "etag:  \"v2\" \r\n",
                     "Last-Modified: Wed, 02 Dec 2026 10:00:00 GMT\r\n", "Cache-Control: public, max-age=600\r\n"] {
            headers.take(line)
        }
        #expect(headers == FeedResponseHeaders(etag: "\"v2\"", lastModified: "Wed, 02 Dec 2026 10:00:00 GMT", maxAgeSeconds: 600))
        var hostile = FeedResponseHeaders()
        hostile.take("ETag: " + String(repeating: "x", count: 5_000))
        hostile.take("Last-Modified: a\u{1B}[31mb")
        hostile.take("Cache-Control: max-age=99999999999999")
        #expect(hostile == FeedResponseHeaders())
        #expect(FeedResponseHeaders.maxAge("no-cache") == nil)
        #expect(FeedResponseHeaders.maxAge("max-age=-5") == nil)
    }

    @Test("a deck mixes fixed messages and feed entries, each feed in its place")
    func deckEntries() throws {
        let deck = #"["ONE", {"feed": "https://example.org/a.xml", "items": 5, "every": "15m", "caption": "none", "prefix": "NEWS: "}, "TWO", {"feed": "http://example.org/b"}]"#
        let result = try CueFileParser.parse(Array(deck.utf8), name: "d.json", isDeck: true, defaultSeconds: 4, allowsFeeds: true)
        #expect(result.cues.map(\.text) == ["ONE", "TWO"])
        var first = try FeedEntry(url: "https://example.org/a.xml")
        first.items = 5
        first.everySeconds = 900
        first.captions = false
        first.prefix = "NEWS: "
        #expect(result.feeds == [DeckFeed(position: 1, entry: first), DeckFeed(position: 2, entry: try FeedEntry(url: "http://example.org/b"))])
        let parts = FeedDeckSource.Part.parts(cues: result.cues, feeds: result.feeds)
        #expect(parts.count == 4)
        let only = try CueFileParser.parse(Array(#"[{"feed": "http://x/f"}]"#.utf8), name: "d.json", isDeck: true, defaultSeconds: 4, allowsFeeds: true)
        #expect(only.cues.isEmpty && only.feeds.count == 1)
        // Elsewhere (a control `load`, the fleet's deck, standard input) a
        // feed entry is refused: nothing there would fetch it.
        #expect(throws: CueFileParser.ParseError("d.json: entry 2: a feed entry plays only in a deck given with -f at start or a fleet's deck (docs/feeds.md)")) {
            try CueFileParser.parse(Array(deck.utf8), name: "d.json", isDeck: true, defaultSeconds: 4)
        }
    }

    @Test("a bad feed entry is one line naming the entry", arguments: [
        (#"[{"feed": "file:///etc/passwd"}]"#, "d.json: entry 1: a feed's URL must start with http:// or https://"),
        (#"[{"feed": 5}]"#, "d.json: entry 1: \"feed\" must be the feed's URL, a string"),
        (#"["A", {"feed": "http://x/ y"}]"#, "d.json: entry 2: a feed's URL must be printable ASCII without spaces (percent-encode the rest)"),
        (#"[{"feed": "http://x/", "items": 0}]"#, "d.json: entry 1: \"items\" must be a whole number from 1 to 100"),
        (#"[{"feed": "http://x/", "items": 2.5}]"#, "d.json: entry 1: \"items\" must be a whole number from 1 to 100"),
        (#"[{"feed": "http://x/", "every": "1s"}]"#, "d.json: entry 1: \"every\" must be 10 s to 1 day"),
        (#"[{"feed": "http://x/", "every": "soon"}]"#, "d.json: entry 1: \"every\" must be a duration such as \"15m\", \"30s\", \"2h\" or \"1d\""),
        (#"[{"feed": "http://x/", "every": 1e300}]"#, "d.json: entry 1: \"every\" must be 10 s to 1 day"),
        (#"[{"feed": "http://x/", "caption": "title"}]"#, "d.json: entry 1: \"caption\" of a feed entry must be \"summary\" or \"none\""),
    ])
    func badEntries(deck: String, message: String) {
        do {
            _ = try CueFileParser.parse(Array(deck.utf8), name: "d.json", isDeck: true, defaultSeconds: 4, allowsFeeds: true)
            Issue.record("accepted: \(deck)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("a deck holds at most 8 feeds; unknown keys of a feed entry are a note")
    func feedCount() throws {
        let nine = "[" + (1...9).map { #"{"feed": "http://x/\#($0)"}"# }.joined(separator: ",") + "]"
        #expect(throws: CueFileParser.ParseError("d.json: entry 9: a deck has at most 8 feeds")) {
            try CueFileParser.parse(Array(nine.utf8), name: "d.json", isDeck: true, defaultSeconds: 4, allowsFeeds: true)
        }
        let noted = try CueFileParser.parse(Array(#"[{"feed": "http://x/", "colour": "red"}]"#.utf8), name: "d.json", isDeck: true,
                                            defaultSeconds: 4, allowsFeeds: true)
        #expect(noted.notes.count == 1 && noted.notes[0].contains("\"colour\" ignored"), "\(noted.notes)")
    }

    @Test("the copy on disk is read back with its validators, and never for another URL")
    func cache() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("feedcache-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let cache = try #require(FeedCache.location(url: "http://x/feed", environment: ["XDG_CACHE_HOME": base.path]))
        #expect(cache.path.hasPrefix(base.path + "/ledmarquee/feeds/") && cache.path.hasSuffix(".feed"))
        #expect(cache.load() == nil)
        let copy = FeedCache.Copy(validators: .init(etag: "\"e\"", lastModified: nil), fetched: 1_700_000_000,
                                  body: Array("<rss>\n</rss>".utf8))
        #expect(cache.store(copy, tag: "1") == nil)
        #expect(cache.load() == copy)
        let other = FeedCache(directory: cache.directory, path: cache.path, url: "http://y/feed")
        #expect(other.load() == nil, "a copy of another URL (a hash collision) is not used")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(leftovers.count == 1, "temporary files left: \(leftovers)")
        #expect(FeedCache.hash("a") != FeedCache.hash("b") && FeedCache.hash("a").count == 16)
    }

    @Test("items become cues: prefix, caption or none, at most items; ages said shortly")
    func cues() throws {
        var entry = try FeedEntry(url: "http://x/")
        entry.prefix = "N: "
        entry.items = 2
        let document = FeedDocument(title: "", items: [FeedItem(title: "A", summary: "sa", key: "1"),
                                                      FeedItem(title: "B", summary: "", key: "2"),
                                                      FeedItem(title: "C", summary: "sc", key: "3")])
        let cues = FeedCues.cues(document, entry: entry, seconds: 5)
        #expect(cues.map(\.text) == ["N: A", "N: B"] && cues.map(\.caption) == ["sa", nil])
        entry.captions = false
        #expect(FeedCues.cues(document, entry: entry, seconds: 5).allSatisfy { $0.caption == nil })
        // A stranger's braces show as typed: no field reads a file, no tag colours.
        let hostile = FeedDocument(title: "", items: [FeedItem(title: "{file:/etc/hostname} {red}X{/} {{", summary: "{time}",
                                                               key: "h")])
        entry.captions = true
        entry.prefix = "{time:%H} "
        let shown = try #require(FeedCues.cues(hostile, entry: entry, seconds: 5).first)
        #expect(shown.fields?.text?.fields == [.time(format: "%H")] && shown.fields?.caption == nil)
        #expect(shown.filled(text: shown.fields!.text!.render { _ in "09" }, caption: shown.caption).text
                    == "09 {file:/etc/hostname} {red}X{/} {{")
        #expect(shown.caption == "{time}")
        #expect([FeedCues.age(since: 0, now: 40), FeedCues.age(since: 0, now: 720), FeedCues.age(since: 0, now: 10_800),
                 FeedCues.age(since: 0, now: 3 * 86_400)] == ["40 s", "12 min", "3 h", "3 days"])
    }
}
