import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// A deck with feeds as the flow (``FeedDeckSource``), from the copies on
/// disk alone: nothing is fetched until the source is followed.
@Suite("Feed deck source")
@MainActor
struct FeedDeckSourceTests {
    /// A cache directory holding a copy of `url` with `count` items.
    static func cached(_ url: String, items count: Int, in base: URL) throws {
        let cache = try #require(FeedCache.location(url: url, environment: ["XDG_CACHE_HOME": base.path]))
        let items = (1...count).map { "<item><title>ITEM \($0)</title><guid>g\($0)</guid></item>" }.joined()
        let body = Array("<rss version=\"2.0\"><channel>\(items)</channel></rss>".utf8)
        #expect(cache.store(FeedCache.Copy(validators: .init(), fetched: 0, body: body), tag: "t") == nil)
    }

    @Test("the copies on disk play in their entries' places, with their prefix, and a deck's fixed messages always play")
    func flowFromCopies() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("feeddeck-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.cached("http://127.0.0.1:9/a", items: 5, in: base)
        var entry = try FeedEntry(url: "http://127.0.0.1:9/a")
        entry.items = 3
        entry.prefix = "N: "
        let source = try FeedDeckSource(parts: [.fixed([Cue(text: "ONE")]), .feed(entry), .fixed([Cue(text: "TWO")])],
                                        name: "deck", seconds: 4, caFile: nil, environment: ["XDG_CACHE_HOME": base.path])
        defer { source.stop() }
        #expect(source.cues.map(\.text) == ["ONE", "N: ITEM 1", "N: ITEM 2", "N: ITEM 3", "TWO"])
        // 999 fixed messages leave room for one item: the last fixed one still plays.
        let many = (1...998).map { Cue(text: "F\($0)") }
        let full = try FeedDeckSource(parts: [.fixed(many), .feed(entry), .fixed([Cue(text: "LAST")])], name: "deck", seconds: 4,
                                      caFile: nil, environment: ["XDG_CACHE_HOME": base.path])
        defer { full.stop() }
        #expect(full.cues.count == FlowLimits.maximumCues)
        #expect(full.cues.suffix(2).map(\.text) == ["N: ITEM 1", "LAST"])
    }

    @Test("a deck that comes while the sign plays has its new feeds' copies read off the loop: the flow comes first, their items after")
    func copiesReadOffTheLoop() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("feeddeck-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.cached("http://127.0.0.1:9/b", items: 2, in: base)
        let entry = try FeedEntry(url: "http://127.0.0.1:9/b")
        let source = try FeedDeckSource(parts: [.fixed([Cue(text: "ONE")])], name: "deck", seconds: 4, caFile: nil,
                                        environment: ["XDG_CACHE_HOME": base.path])
        defer { source.stop() }
        var flows: [[String]] = []
        source.follow { update in if let cues = update.cues { flows.append(cues.map(\.text)) } }
        #expect(flows == [["ONE"]])
        // The file read again with a feed: nothing of the feed yet, as no read was made here.
        #expect(source.replace([.fixed([Cue(text: "ONE")]), .feed(entry)]).map(\.text) == ["ONE"])
        let deadline = ContinuousClock.now + .seconds(10)
        while flows.count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(flows.last == ["ONE", "ITEM 1", "ITEM 2"])
        // And a fleet's deck, made while the sign plays, the same way.
        let fleet = try FeedDeckSource(parts: [.feed(entry)], name: "topic", seconds: 4, caFile: nil,
                                       environment: ["XDG_CACHE_HOME": base.path], copiesAtOnce: false)
        defer { fleet.stop() }
        #expect(fleet.cues.isEmpty)
        var fleetFlows: [[String]] = []
        fleet.follow { update in if let cues = update.cues { fleetFlows.append(cues.map(\.text)) } }
        while fleetFlows.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(fleetFlows == [["ITEM 1", "ITEM 2"]])
    }
}
