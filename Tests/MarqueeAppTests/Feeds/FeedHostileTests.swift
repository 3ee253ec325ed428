import Glibc
import Testing
@testable import MarqueeApp

/// Feeds built to hurt the reader: entity expansion, external entities,
/// nesting, size, bytes that are not UTF-8 (docs/feeds.md, "Parsing").
/// Each is refused in one line, quickly, holding little.
@Suite("Feed parser: hostile documents")
struct FeedHostileTests {
    func refusal(_ text: String) -> String? {
        do {
            _ = try FeedParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test("billion laughs and quadratic blow-up are refused at the first entity declaration")
    func entityExpansion() {
        var laughs = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY l0 \"lol\">"
        for level in 1...9 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        laughs += "]><rss><channel><item><title>&l9;</title></item></channel></rss>"
        let big = String(repeating: "A", count: 50_000)
        let quadratic = "<!DOCTYPE rss [<!ENTITY a \"\(big)\">]><rss><channel><item><title>"
            + String(repeating: "&a;", count: 50_000) + "</title></item></channel></rss>"
        for document in [laughs, quadratic] {
            let message = refusal(document)
            #expect(message?.contains("declares an entity") == true, "\(message ?? "accepted")")
        }
    }

    @Test("an external entity naming a file is refused, and an external DTD is never read")
    func externalFile() throws {
        #expect(refusal("""
            <!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&x;</title></item></channel></rss>
            """)?.contains("declares an entity") == true)
        // No internal subset: nothing to refuse, and nothing is read either.
        let (feed, _) = try FeedParser.parse(Array("""
            <!DOCTYPE rss SYSTEM "/etc/passwd"><rss><channel><item><title>x&ent;y</title></item></channel></rss>
            """.utf8))
        #expect(!feed.items.contains { $0.title.contains("root") })
    }

    @Test("an external entity or DTD naming a local server is never requested")
    func externalNetwork() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 8) == 0
                && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/"
        _ = refusal("<!DOCTYPE rss [<!ENTITY x SYSTEM \"\(url)e\">]><rss><channel><item><title>&x;</title></item></channel></rss>")
        _ = refusal("<!DOCTYPE rss SYSTEM \"\(url)dtd\"><rss><channel><item><title>&x;</title></item></channel></rss>")
        _ = refusal("<!DOCTYPE rss [<!ENTITY % p SYSTEM \"\(url)p\"> %p;]><rss/>")
        #expect(accept(listener, nil, nil) == -1 && errno == EAGAIN, "the parser connected to \(url)")
    }

    @Test("bytes that are not UTF-8, and documents that are not feeds, are one line each")
    func notFeeds() {
        var invalid = Array("<rss><channel><item><title>ok ".utf8)
        invalid += [0xC3, 0x28, 0xFF]
        invalid += Array("</title></item></channel></rss>".utf8)
        let cases: [(String, [UInt8])] = [
            ("invalid UTF-8", invalid), ("HTML", Array("<html><body>hi</body></html>".utf8)), ("empty", []),
            ("text", Array("hello".utf8)), ("unclosed", Array("<rss><channel><item><title>x".utf8)),
        ]
        for (name, bytes) in cases {
            do {
                _ = try FeedParser.parse(bytes)
                Issue.record("\(name): accepted")
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(name): \(error.description)")
            }
        }
    }

    @Test("nesting past the cap and a document past 4 MiB are refused")
    func depthAndSize() {
        let deep = "<rss>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</rss>"
        #expect(refusal(deep)?.contains("nests") == true)
        let huge = "<rss><channel><item><title>" + String(repeating: "x", count: FeedLimits.documentBytes) + "</title></item></channel></rss>"
        #expect(refusal(huge)?.contains("MiB") == true)
    }
}
