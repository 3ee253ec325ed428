import Glibc

/// The last good copy of a feed, kept on disk so a sign started offline
/// shows its items at once (docs/feeds.md, "The copy kept on disk"):
/// `$XDG_CACHE_HOME/ledmarquee/feeds/HASH.feed` (else `~/.cache/…`), HASH
/// the FNV-1a hash of the URL. The file starts with four lines — a tag,
/// the URL (a copy whose URL differs, a hash collision, is not used), the
/// ETag and the Last-Modified date (empty when none), the Unix time it was
/// fetched — and then the body as the server sent it (decoded).
struct FeedCache: Sendable, Equatable {
    let directory: String
    let path: String
    let url: String

    static let tag = "ledmarquee feed 1"

    /// A copy read back.
    struct Copy: Equatable, Sendable {
        var validators: FeedTransfer.Validators
        /// When it was fetched, Unix seconds.
        var fetched: Int
        var body: [UInt8]
    }

    /// Where the copy of `url` is kept; nil when neither `XDG_CACHE_HOME`
    /// (absolute) nor `HOME` says where the cache is.
    static func location(url: String, environment: [String: String]) -> FeedCache? {
        guard let base = DeckCache.directory(environment: environment) else { return nil }
        let directory = base + "/feeds"
        return FeedCache(directory: directory, path: "\(directory)/\(hash(url)).feed", url: url)
    }

    /// 16 hex digits of the 64-bit FNV-1a hash of `text`.
    static func hash(_ text: String) -> String {
        let digits = String(fnv1a(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The 64-bit FNV-1a hash of `bytes` (a file name, or telling a body
    /// from the last one: not a defence against a hostile server, which
    /// gains nothing by a collision but a copy not written).
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The kept copy, or nil when there is none, it is not this URL's, or
    /// it cannot be read (a cache is a convenience, never a reason not to
    /// start). Read at start-up, before the sign plays.
    func load() -> Copy? {
        guard let bytes = try? Platform.readBounded(path, limit: FeedLimits.documentBytes + 8_192, regularFileOnly: true) else {
            return nil
        }
        var lines: [String] = []
        var start = 0
        while lines.count < 5, let newline = bytes[start...].firstIndex(of: 0x0A) {
            lines.append(String(decoding: bytes[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        guard lines.count == 5, lines[0] == Self.tag, lines[1] == url, let fetched = Int(lines[4]) else { return nil }
        let validators = FeedTransfer.Validators(etag: lines[2].isEmpty ? nil : lines[2],
                                                 lastModified: lines[3].isEmpty ? nil : lines[3])
        return Copy(validators: validators, fetched: fetched, body: Array(bytes[start...]))
    }

    /// The file's bytes for `copy`.
    func encode(_ copy: Copy) -> [UInt8] {
        let head = [Self.tag, url, copy.validators.etag ?? "", copy.validators.lastModified ?? "", String(copy.fetched)]
        return Array(head.map { $0 + "\n" }.joined().utf8) + copy.body
    }

    /// Keeps `copy`: written whole to a temporary file and renamed over
    /// the old one, so a reader, or a sign killed mid-write, never sees
    /// half a copy. The reason on failure. Blocks: call it off the loop
    /// (``FeedCacheWriter``).
    func store(_ copy: Copy, tag: String) -> String? {
        // The cache's base may not exist yet ($XDG_CACHE_HOME, ledmarquee, feeds).
        for directory in [parent(of: parent(of: directory)), parent(of: directory), directory]
        where mkdir(directory, 0o700) != 0 && errno != EEXIST {
            return "cannot keep the feed's copy: \(directory): \(String(cString: strerror(errno)))"
        }
        let temporary = "\(directory)/.\(Self.hash(url)).\(getpid()).\(tag).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return "cannot keep the feed's copy: \(temporary): \(String(cString: strerror(errno)))" }
        let failure = Platform.writeAll(fd, encode(copy))
        close(fd)
        guard failure == nil, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(failure ?? errno))
            unlink(temporary)
            return "cannot keep the feed's copy: \(path): \(reason)"
        }
        return nil
    }

    private func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
