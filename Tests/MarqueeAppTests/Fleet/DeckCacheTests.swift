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

    @Test("stored whole and read back; a missing or unwritable cache is said, never fatal")
    func storeAndLoad() throws {
        let base = "/tmp/ledmarquee-deckcache-\(getpid())"
        defer {
            unlink(base + "/ledmarquee/fleet-p.json")
            rmdir(base + "/ledmarquee")
            rmdir(base)
        }
        mkdir(base, 0o700)
        let cache = try #require(DeckCache.location(prefix: "p", environment: ["XDG_CACHE_HOME": base]))
        #expect(cache.load() == nil)
        #expect(cache.store(Array("[\"A\"]".utf8)) == nil)
        #expect(cache.store(Array("[\"B\"]".utf8)) == nil)
        #expect(cache.load() == Array("[\"B\"]".utf8))
        var info = stat()
        #expect(stat(cache.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let unwritable = DeckCache(directory: "/proc/ledmarquee", path: "/proc/ledmarquee/fleet-p.json")
        #expect(unwritable.store([1]).map { $0.hasPrefix("cannot keep the fleet's deck: /proc/ledmarquee") } == true)
        #expect(unwritable.load() == nil)
    }
}
