import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    /// News feeds played by the real binary (docs/feeds.md), fetched from
    /// the tests' own server on 127.0.0.1 (``FeedTestServer``), each sign
    /// with a cache directory of its own.
    @Suite("News feeds", .serialized)
    struct Feeds {
        /// A sign's environment: its own cache, and no proxy between it and 127.0.0.1.
        static func environment(cache: URL) -> [String: String] {
            ["XDG_CACHE_HOME": cache.path, "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost"]
        }

        /// Plays `url` with a sign until its copy is on disk in `cache`,
        /// then stops the sign and `server`: the next sign starts offline.
        static func keepCopyThenGoOffline(_ url: String, server: FeedTestServer, cache: URL) async throws {
            let online = try HeadlessSign.start("feed", arguments: ["--feed", url], environment: environment(cache: cache))
            defer { online.close() }
            let feeds = cache.appendingPathComponent("ledmarquee/feeds")
            try await waitFor("the copy on disk", timeout: 10) {
                ((try? FileManager.default.contentsOfDirectory(atPath: feeds.path)) ?? []).contains { $0.hasSuffix(".feed") } ? true : nil
            }
            online.close()
            server.close()
        }

        @Test("a deck's feed refreshes in place: the shown item stays, the new one joins the flow")
        func refreshInPlace() async throws {
            let server = try FeedTestServer()
            defer { server.close() }
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let deck = cache.appendingPathComponent("deck.json")
            try Data(#"[{"feed": "\#(server.url("/changing"))", "every": "10s", "prefix": "N: "}]"#.utf8).write(to: deck)
            let sign = try HeadlessSign.start("feed", arguments: ["-f", deck.path, "-s", "300"],
                                              environment: Self.environment(cache: cache))
            defer { sign.close() }
            let first = try await sign.waitForEvent("the feed's first item") { $0.name == "cue" && $0.string("text") == "N: STAYS" }
            try server.setVersion(2)
            _ = try await sign.waitForEvent("the refresh", timeout: 30) { event in
                event.name == "reload" && server.requests().filter { $0.path == "/changing" }.count >= 2
            }
            try await Task.sleep(for: .milliseconds(500))
            let cues = sign.events().filter { $0.name == "cue" }
            #expect(cues.count == 1 && cues.first?.string("text") == first.string("text"),
                    "the item shown was left for another: \(cues.map { $0.string("text") ?? "" })")
            let client = try ControlClient(path: sign.socketPath)
            _ = try client.exchange([#"{"cmd":"next"}"#])
            let next = try await sign.waitForEvent("the next item") { $0.name == "cue" && $0.string("text") != "N: STAYS" }
            #expect(next.string("text") == "N: VERSION 2", "\(sign.events().map(\.name))")
        }

        @Test("a deck with a feed read again: the new messages play, the unchanged feed keeps its items and is not fetched again")
        func deckReloaded() async throws {
            let server = try FeedTestServer()
            defer { server.close() }
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let deck = cache.appendingPathComponent("deck.json")
            let entry = #"{"feed": "\#(server.url("/rss"))", "prefix": "N: "}"#
            try Data("[\"ONE\", \(entry)]".utf8).write(to: deck)
            let sign = try HeadlessSign.start("feed", arguments: ["-f", deck.path, "-s", "20"], environment: Self.environment(cache: cache))
            defer { sign.close() }
            _ = try await sign.waitForEvent("the feed's items") { $0.name == "reload" && $0.int("count") == 3 }
            try Data("[\"TWO\", \"THREE\", \(entry)]".utf8).write(to: deck)
            _ = try await sign.waitForEvent("the deck read again", timeout: 15) { $0.name == "reload" && $0.int("count") == 4 }
            let client = try ControlClient(path: sign.socketPath)
            _ = try client.exchange([#"{"cmd":"goto","index":3}"#])
            let item = try await sign.waitForEvent("the feed's first item, still there") { $0.name == "cue" && $0.int("index") == 2 }
            #expect(item.string("text") == "N: RSS FIRST")
            #expect(server.requests().filter { $0.path == "/rss" }.count == 1, "the unchanged feed was fetched again for the edit")
            #expect(sign.events().filter { $0.name == "error" }.isEmpty, "\(sign.events().filter { $0.name == "error" })")
        }

        @Test("a sign started offline plays the copy kept on disk at once, and says how old it is")
        func offlineStart() async throws {
            let server = try FeedTestServer()
            let url = server.url("/rss")
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            try await Self.keepCopyThenGoOffline(url, server: server, cache: cache)
            let offline = try HeadlessSign.start("feed", arguments: ["--feed", url], environment: Self.environment(cache: cache))
            defer { offline.close() }
            let start = try await offline.waitForEvent("the first item") { $0.name == "cue" }
            #expect(start.string("text") == "RSS FIRST")
            let error = try await offline.waitForEvent("the fetch's failure") { $0.name == "error" }
            let message = try #require(error.string("message"))
            #expect(message.hasPrefix("feed \(url): ") && message.contains("showing its items of") && message.hasSuffix(" s ago"), "\(message)")
        }

        @Test("offline with a copy on disk, the status line says the feed is offline and how old its items are")
        func offlineStatusLine() async throws {
            let server = try FeedTestServer()
            let url = server.url("/rss")
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            try await Self.keepCopyThenGoOffline(url, server: server, cache: cache)
            let session = try await Session.start("feed", Launch(
                arguments: ["--feed", url, "--static", "--idle-timeout", "60"], environment: Self.environment(cache: cache)))
            defer { session.close() }
            _ = try await session.waitForEvent("the fetch's failure") { $0.name == "error" }
            // The failure's notice holds the line for its first 3 s; a key
            // then clears it and shows the status line.
            try await pause(3.5)
            try await session.send("x")
            let screen = try await session.waitForText("feed offline, items", timeout: 10)
            #expect(screen.text.contains("feed offline, items ") && screen.text.contains(" s old"), "\(screen.text)")
        }

        @Test("a feed that keeps failing is one error record per reason, and the deck plays on")
        func failingFeed() async throws {
            let server = try FeedTestServer()
            let url = server.url("/rss")
            server.close()
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let deck = cache.appendingPathComponent("deck.json")
            try Data(#"["FIXED", {"feed": "\#(url)", "every": "10s"}, "OTHER"]"#.utf8).write(to: deck)
            let sign = try HeadlessSign.start("feed", arguments: ["-f", deck.path, "-s", "2"], environment: Self.environment(cache: cache))
            defer { sign.close() }
            _ = try await sign.waitForEvent("the first failure") { $0.name == "error" }
            // Fetched again at 10 s and 20 s: the same reason, not said again.
            try await Task.sleep(for: .seconds(21))
            let events = sign.events()
            let errors = events.filter { $0.name == "error" }
            #expect(errors.count == 1, "\(errors.map { $0.string("message") ?? "" })")
            #expect(errors.first?.string("message")?.hasPrefix("feed \(url): ") == true)
            #expect(events.filter { $0.name == "cue" }.count >= 8, "the deck stopped playing")
        }

        @Test("HTTPS by name: verified against --feed-ca, refused without it")
        func https() async throws {
            let server = try FeedTestServer(tls: true)
            defer { server.close() }
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            // localhost is a name: libcurl's resolver thread runs before the
            // player blocks its signals (a debug build checks one thread then).
            let trusted = try HeadlessSign.start("feed", arguments: ["--feed", server.url("/rss"), "--feed-ca", server.caPath],
                                                 environment: Self.environment(cache: cache))
            defer { trusted.close() }
            let cue = try await trusted.waitForEvent("the feed's items") { $0.name == "cue" }
            #expect(cue.string("text") == "RSS FIRST")
            let untrusted = try HeadlessSign.start("feed", arguments: ["--feed", server.url("/atom")],
                                                   environment: Self.environment(cache: cache))
            defer { untrusted.close() }
            #expect(try await untrusted.waitForExit() == 1)
            let stderr = try String(contentsOfFile: untrusted.stderrPath, encoding: .utf8)
            #expect(stderr.split(separator: "\n").count == 1 && stderr.lowercased().contains("certificate"), "\(stderr)")
        }

        @Test("--feed with no copy and no server stops with one line")
        func nothingToPlay() async throws {
            let server = try FeedTestServer()
            let url = server.url("/rss")
            server.close()
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let sign = try HeadlessSign.start("feed", arguments: ["--feed", url], environment: Self.environment(cache: cache))
            defer { sign.close() }
            #expect(try await sign.waitForExit() == 1)
            let stderr = try String(contentsOfFile: sign.stderrPath, encoding: .utf8)
            #expect(stderr.split(separator: "\n").count == 1 && stderr.hasPrefix("ledmarquee: feed \(url): "), "\(stderr)")
        }

        @Test("HTML and control characters in a feed's titles never reach the terminal raw")
        func hostileTitles() async throws {
            let server = try FeedTestServer()
            defer { server.close() }
            let cache = try E2E.makeShortDirectory("feedcache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let session = try await Session.start("feed", Launch(
                arguments: ["--feed", server.url("/hostile-titles"), "--static", "--scale", "1"],
                environment: Self.environment(cache: cache)))
            defer { session.close() }
            let cue = try await session.waitForEvent("the item") { $0.name == "cue" }
            let text = try #require(cue.string("text"))
            #expect(text.hasPrefix("BOLD ") && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(text.debugDescription)")
            _ = try await session.waitForText("SUMMARY")
            let raw = try await session.tmux(["capture-pane", "-p", "-e", "-t", session.target]).stdout
            #expect(!raw.contains("<script>") && !raw.contains("alert") && !raw.contains("<b>"), "\(raw)")
            // Every escape in the pane is a colour (SGR) tmux writes for a
            // cell: none came through from the feed.
            let escapes = raw.split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst()
            #expect(escapes.allSatisfy { $0.hasPrefix("[") && $0.contains("m") && !$0.prefix { $0 != "m" }.contains { !"[0123456789;:".contains($0) } },
                    "\(raw.debugDescription)")
            #expect(!raw.unicodeScalars.contains { $0 == "\u{07}" || (0x80...0x9F).contains($0.value) })
            let title = try await session.format("#{pane_title}")
            #expect(!title.contains("OWNED"), "the feed set the terminal's title: \(title)")
        }
    }
}
