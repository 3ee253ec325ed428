import EventLoop
import Glibc
import Testing
@testable import MarqueeApp

/// The fleet's last deck, kept on disk (docs/fleet.md).
@Suite("Deck cache")
struct DeckCacheTests {
    @Test("where it lives: XDG_CACHE_HOME, else ~/.cache; one file per prefix")
    func location() {
        #expect(DeckCache.location(prefix: "shop/floor-1", environment: ["XDG_CACHE_HOME": "/c/", "HOME": "/h"])?.path
                == "/c/ledmarquee/fleet-shop%floor-1.json")
        #expect(DeckCache.location(prefix: "p", environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h/"])?.path
                == "/h/.cache/ledmarquee/fleet-p.json")
        #expect(DeckCache.location(prefix: "p", environment: [:]) == nil)
    }

    /// Runs `body` with the cache of prefix `p` in a scratch folder named
    /// `label`, removed afterwards.
    func withScratchCache(_ label: String, _ body: (DeckCache) throws -> Void) throws {
        let base = "/tmp/ledmarquee-\(label)-\(getpid())"
        defer {
            unlink(base + "/ledmarquee/fleet-p.json")
            rmdir(base + "/ledmarquee")
            rmdir(base)
        }
        mkdir(base, 0o700)
        try body(try #require(DeckCache.location(prefix: "p", environment: ["XDG_CACHE_HOME": base])))
    }

    @Test("stored whole and read back; a missing or unwritable cache is said, never fatal")
    func storeAndLoad() throws { try withScratchCache("deckcache") { cache in
        #expect(cache.load() == nil)
        #expect(cache.store(Array("[\"A\"]".utf8)) == nil)
        #expect(cache.store(Array("[\"B\"]".utf8)) == nil)
        #expect(cache.load() == Array("[\"B\"]".utf8))
        var info = stat()
        #expect(stat(cache.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let unwritable = DeckCache(directory: "/proc/ledmarquee", path: "/proc/ledmarquee/fleet-p.json")
        #expect(unwritable.store([1]).map { $0.hasPrefix("cannot keep the fleet's deck: /proc/ledmarquee") } == true)
        #expect(unwritable.load() == nil)
    } }

    @Test("the writer keeps the newest deck: an older write that ends last is dropped, and no temporary file is left")
    func newestWins() throws { try withScratchCache("deckwriter") { cache in
        let writer = DeckCacheWriter(cache: cache)
        let older = writer.nextNumber()
        let newer = writer.nextNumber()
        #expect(writer.store(Array("[\"NEW\"]".utf8), number: newer) == nil)
        #expect(writer.store(Array("[\"OLD\"]".utf8), number: older) == nil)
        #expect(cache.load() == Array("[\"NEW\"]".utf8))
        #expect(writer.keepNow(Array("[\"LAST\"]".utf8)) == nil)
        #expect(cache.load() == Array("[\"LAST\"]".utf8))
        var entries: [String] = []
        if let dir = opendir(cache.directory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                if name != "." && name != ".." { entries.append(name) }
            }
            closedir(dir)
        }
        #expect(entries == ["fleet-p.json"], "\(entries)")
    } }

    @Test("the writer writes off the caller's thread and says a failure on the loop")
    func offTheLoop() async throws {
        let cache = DeckCache(directory: "/proc/ledmarquee-cannot", path: "/proc/ledmarquee-cannot/fleet-p.json")
        let writer = DeckCacheWriter(cache: cache)
        let server = ServerLoopThread()
        let loop = server.loop
        let failure = await withCheckedContinuation { (continuation: CheckedContinuation<(String, Bool), Never>) in
            writer.keep(Array("[\"A\"]".utf8), loop: loop) { reason in continuation.resume(returning: (reason, loop.inEventLoop)) }
        }
        #expect(server.finish() == 0)
        #expect(failure.0.hasPrefix("cannot keep the fleet's deck: /proc"), "\(failure.0)")
        #expect(failure.1, "said on the loop's thread")
    }
}
