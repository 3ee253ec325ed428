import Foundation
import Testing
import TestSupport

extension EndToEnd.Timing {
    /// A fleet's deck with a news feed (docs/fleet.md, "News feeds in a
    /// fleet's deck"): each sign fetches the feed itself, from the tests'
    /// own feed server, and plays its items in the entry's place.
    @Suite("Fleet feeds")
    struct FleetFeeds {
        @Test("a fleet deck's feed is fetched by the sign and played among the deck's messages; restarted offline, from the copies kept")
        func fleetDeckFeed() async throws {
            let server = try FeedTestServer()
            defer { server.close() }
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try Fleet.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let environment = ["XDG_CACHE_HOME": cache.path, "no_proxy": "127.0.0.1,localhost"]
            try await Fleet.publishDeck(broker, #"["FIXED", {"feed": "\#(server.url("/rss"))", "prefix": "N: "}]"#)
            let sign = try HeadlessSign.start("fleetfeed", arguments: ["--mqtt", broker.url, "--name", "feedy", "-s", "20"],
                                              cues: "HELLO\n", environment: environment)
            let reload = try await sign.waitForEvent("the feed's items", timeout: 15) { $0.name == "reload" && $0.int("count") == 3 }
            #expect(reload.int("count") == 3)
            #expect(server.requests().filter { $0.path == "/rss" }.count == 1, "\(server.requests().map(\.path))")
            let client = try ControlClient(path: sign.socketPath)
            _ = try client.exchange([#"{"cmd":"goto","index":2}"#])
            let item = try await sign.waitForEvent("an item") { $0.name == "cue" && $0.int("index") == 1 }
            #expect(item.string("text") == "N: RSS FIRST")
            // The sign keeps the deck and the feed's copy: a restart with
            // neither broker nor server plays both at once.
            try await waitFor("the feed's copy and the deck on disk", timeout: 10) {
                let feeds = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("ledmarquee/feeds").path)) ?? []
                let deck = FileManager.default.fileExists(atPath: cache.appendingPathComponent("ledmarquee/fleet-ledmarquee.json").path)
                return deck && feeds.contains { $0.hasSuffix(".feed") } ? true : nil
            }
            sign.close()
            broker.close()
            server.close()
            let offline = try HeadlessSign.start("fleetfeed", arguments: ["--mqtt", broker.url, "--name", "feedy", "-s", "20"],
                                                 environment: environment)
            defer { offline.close() }
            let kept = try await offline.waitForEvent("the kept deck with its feed's items") { event in
                (event.name == "reload" || event.name == "load" || event.name == "cue") && event.int("count") == 3
            }
            #expect(kept.int("count") == 3, "\(offline.events().map(\.name))")
        }
    }
}
