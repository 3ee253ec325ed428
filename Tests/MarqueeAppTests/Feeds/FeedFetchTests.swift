import EventLoop
import Foundation
import Testing
import TestSupport
@testable import MarqueeApp

/// Feeds fetched through libcurl's multi interface on an event loop
/// (``FeedHTTP``, ``FeedTransfer``) from the tests' own server on
/// 127.0.0.1 (`Tests/Fixtures/feeds/feed_server.py`): the formats, the
/// good citizen's headers, and servers built to hurt (docs/feeds.md,
/// "Fetching").
@Suite("Feed fetching", .serialized)
struct FeedFetchTests {
    /// One fetch of `url` on a loop of its own; its outcome and how long it took.
    static func fetch(_ url: String, validators: FeedTransfer.Validators = .init(), caFile: String? = nil,
                      timeouts: FeedTransfer.Timeouts = .standard) async throws -> (FeedTransfer.Outcome, Double) {
        let thread = ServerLoopThread()
        defer { _ = thread.finish() }
        let http = try FeedHTTP(loop: thread.loop)
        let started = ContinuousClock.now
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<FeedTransfer.Outcome, Never>) in
            thread.loop.schedule(at: .now) {
                do throws(FeedError) {
                    let transfer = try FeedTransfer(url: url, validators: validators, caFile: caFile, timeouts: timeouts) {
                        continuation.resume(returning: $0)
                    }
                    http.start(transfer)
                } catch {
                    continuation.resume(returning: .failed(error))
                }
            }
        }
        let elapsed = ContinuousClock.now - started
        // Nothing left behind on the loop: no descriptor, no transfer.
        let left = await withCheckedContinuation { continuation in
            thread.loop.schedule(at: .now) { continuation.resume(returning: (http.activeCount, http.watchedCount)) }
        }
        #expect(left.0 == 0 && left.1 == 0, "transfers and watched descriptors left: \(left)")
        return (outcome, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    static func body(_ outcome: FeedTransfer.Outcome) -> [UInt8]? {
        if case .fetched(let body, _) = outcome { return body }
        return nil
    }

    static func failure(_ outcome: FeedTransfer.Outcome) -> String? {
        if case .failed(let error) = outcome { return error.description }
        return nil
    }

    @Test("the four formats are fetched and read; the request names ledmarquee/VERSION and accepts gzip")
    func formats() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        let expected = ["/rss": ("RSS FIRST", "rss summary & more"), "/atom": ("ATOM FIRST", "atom summary"),
                        "/rdf": ("RDF FIRST", "rdf summary"), "/json": ("JSON FIRST", "json summary")]
        for (path, (title, summary)) in expected.sorted(by: { $0.key < $1.key }) {
            let (outcome, _) = try await Self.fetch(server.url(path))
            let body = try #require(Self.body(outcome), "\(path): \(outcome)")
            let document = try FeedParser.parse(body).0
            #expect(document.items.first?.title == title, "\(path)")
            #expect(document.items.first?.summary == summary, "\(path)")
        }
        let requests = server.requests()
        #expect(requests.count == 4)
        for request in requests {
            #expect(request.headers["user-agent"] == "ledmarquee/\(Version.current)", "\(request.headers)")
            #expect(request.headers["accept-encoding"]?.contains("gzip") == true, "\(request.headers)")
        }
    }

    @Test("a second fetch is conditional: If-None-Match and If-Modified-Since sent, a 304 understood")
    func conditionalGet() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        let (first, _) = try await Self.fetch(server.url("/etag"))
        guard case .fetched(_, let headers) = first else { Issue.record("\(first)"); return }
        #expect(headers.etag == "\"v1\"" && headers.lastModified == "Wed, 02 Dec 2026 10:00:00 GMT" && headers.maxAgeSeconds == 30)
        let validators = FeedTransfer.Validators(etag: headers.etag, lastModified: headers.lastModified)
        let (second, _) = try await Self.fetch(server.url("/etag"), validators: validators)
        #expect(second == .notModified(headers: FeedResponseHeaders(etag: "\"v1\"")), "\(second)")
        let requests = server.requests()
        #expect(requests.count == 2)
        #expect(requests.first?.headers["if-none-match"] == nil)
        #expect(requests.last?.headers["if-none-match"] == "\"v1\"")
        #expect(requests.last?.headers["if-modified-since"] == "Wed, 02 Dec 2026 10:00:00 GMT")
    }

    @Test("a redirect loop is given up after 5 redirects; a redirect to file:// is refused")
    func redirects() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        let (outcome, _) = try await Self.fetch(server.url("/redirect/0"))
        #expect(Self.failure(outcome)?.contains("redirects") == true, "\(outcome)")
        // The first request and 5 redirects followed: the sixth is refused.
        #expect(server.requests().filter { $0.path.hasPrefix("/redirect/") }.map(\.path) == (0...5).map { "/redirect/\($0)" })
        let (file, _) = try await Self.fetch(server.url("/to-file"))
        let reason = try #require(Self.failure(file), "\(file)")
        #expect(reason.lowercased().contains("protocol"), "\(reason)")
    }

    @Test("a server that never answers, and one that sends a byte a second, end at their timeouts")
    func stalls() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        let short = FeedTransfer.Timeouts(connectSeconds: 2, lowSpeedSeconds: 2, lowSpeedBytes: 64, totalSeconds: 30)
        for path in ["/silent", "/drip"] {
            let (outcome, seconds) = try await Self.fetch(server.url(path), timeouts: short)
            let reason = try #require(Self.failure(outcome), "\(path): \(outcome)")
            #expect(reason.contains("too slow") || reason.contains("timed out"), "\(path): \(reason)")
            #expect(seconds >= 1.5 && seconds < 10, "\(path) took \(seconds) s")
        }
    }

    @Test("a 1 GB body and a 10 MB gzip bomb are cut at 4 MiB decompressed")
    func sizeCaps() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        for path in ["/huge", "/bomb"] {
            let (outcome, seconds) = try await Self.fetch(server.url(path))
            #expect(Self.failure(outcome) == "the feed is over 4 MiB", "\(path): \(outcome)")
            #expect(seconds < 30, "\(path) took \(seconds) s")
        }
        #expect(!server.requests().contains { $0.path == "/huge:complete" }, "the whole gigabyte was read")
    }

    @Test("HTTPS is verified: against the CA given it is read, without it refused")
    func https() async throws {
        let server = try FeedTestServer(tls: true)
        defer { server.close() }
        let (trusted, _) = try await Self.fetch(server.url("/rss"), caFile: server.caPath)
        #expect(try FeedParser.parse(try #require(Self.body(trusted), "\(trusted)")).0.items.first?.title == "RSS FIRST")
        let (untrusted, _) = try await Self.fetch(server.url("/rss"))
        let reason = try #require(Self.failure(untrusted), "\(untrusted)")
        #expect(reason.lowercased().contains("certificate"), "\(reason)")
    }

    @Test("hostile documents fetched are refused and no external entity or DTD is ever requested")
    func hostileDocuments() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        for path in ["/laughs", "/quadratic", "/xxe-file", "/xxe-http"] {
            let (outcome, _) = try await Self.fetch(server.url(path))
            let body = try #require(Self.body(outcome), "\(path): \(outcome)")
            #expect(throws: FeedError.self, "\(path)") { try FeedParser.parse(body) }
            do { _ = try FeedParser.parse(body) } catch {
                #expect(error.description.contains("declares an entity"), "\(path): \(error)")
            }
        }
        let (dtd, _) = try await Self.fetch(server.url("/dtd-http"))
        #expect(try FeedParser.parse(try #require(Self.body(dtd))).0.items.map(\.title) == ["DTD"])
        let (bad, _) = try await Self.fetch(server.url("/badutf8"))
        #expect(throws: FeedError.self) { try FeedParser.parse(try #require(Self.body(bad))) }
        // Give a stray fetch time to land before looking.
        try await Task.sleep(for: .milliseconds(300))
        #expect(!server.requests().contains { $0.path == "/canary" }, "an external entity or DTD was fetched")
    }

    @Test("a feed of 10,000 items keeps only the items asked for")
    func manyItems() async throws {
        let server = try FeedTestServer()
        defer { server.close() }
        let (outcome, _) = try await Self.fetch(server.url("/many"))
        let document = try FeedParser.parse(try #require(Self.body(outcome)), maximumItems: 5).0
        #expect(document.items.map(\.title) == (0..<5).map { "ITEM \($0)" })
    }

    @Test("a server that is not there fails at once with its reason")
    func refused() async throws {
        let server = try FeedTestServer()
        let url = server.url("/rss")
        server.close()
        let (outcome, seconds) = try await Self.fetch(url)
        #expect(Self.failure(outcome)?.contains("onnect") == true, "\(outcome)")
        #expect(seconds < 5)
    }
}
