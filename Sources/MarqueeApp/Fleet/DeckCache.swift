import Glibc

/// The last deck the fleet gave the sign, kept on disk so a sign that
/// restarts while its broker is away plays it again (docs/fleet.md):
/// `$XDG_CACHE_HOME/ledmarquee/fleet-PREFIX.json` (else `~/.cache/…`), one
/// file per topic prefix, since every sign of a prefix plays one deck.
/// It holds the payload as published; it is written whole to a temporary
/// name and renamed, so a reader, or a sign killed mid-write, never sees
/// half a deck.
struct DeckCache: Sendable, Equatable {
    let directory: String
    let path: String

    /// Where the deck of `prefix` is kept; nil when neither
    /// `XDG_CACHE_HOME` (absolute) nor `HOME` says where the cache is.
    static func location(prefix: String, environment: [String: String]) -> DeckCache? {
        guard let directory = directory(environment: environment) else { return nil }
        // The prefix's `/` become `%`, which no prefix holds
        // (FleetTopics): one file name per prefix, and no two alike.
        let file = "fleet-" + prefix.replacing("/", with: "%") + ".json"
        return DeckCache(directory: directory, path: directory + "/" + file)
    }

    /// `$XDG_CACHE_HOME/ledmarquee` (else `~/.cache/ledmarquee`), where the
    /// fleet's decks and the feeds' copies (`FeedCache`) are kept; nil when
    /// neither variable holds an absolute path.
    static func directory(environment: [String: String]) -> String? {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache"
        } else {
            return nil
        }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/ledmarquee"
    }

    /// The kept deck, or nil when there is none (or it cannot be read: a
    /// cache is a convenience, never a reason not to start).
    func load() -> [UInt8]? {
        try? Platform.readBounded(path, limit: FleetPayload.maximumDeckBytes, regularFileOnly: true)
    }

    /// Keeps `payload`; the reason on failure (for an `error` record).
    func store(_ payload: [UInt8]) -> String? {
        switch writeTemporary(payload, tag: "0") {
        case .failure(let failure): failure.reason
        case .success(let temporary): commit(temporary)
        }
    }

    /// Why a deck could not be kept.
    struct Failure: Error, Equatable {
        let reason: String
    }

    /// Writes `payload` whole to a temporary file beside the cache (`tag`
    /// tells concurrent writes apart); its path, for `commit` or `discard`.
    func writeTemporary(_ payload: [UInt8], tag: String) -> Result<String, Failure> {
        for directory in [parent(of: directory), directory] where mkdir(directory, 0o700) != 0 && errno != EEXIST {
            return .failure(Failure(reason: "cannot keep the fleet's deck: \(directory): \(String(cString: strerror(errno)))"))
        }
        let temporary = "\(directory)/.fleet.\(getpid()).\(tag).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            return .failure(Failure(reason: "cannot keep the fleet's deck: \(temporary): \(String(cString: strerror(errno)))"))
        }
        let failure = Platform.writeAll(fd, payload)
        close(fd)
        if let failure {
            unlink(temporary)
            return .failure(Failure(reason: "cannot keep the fleet's deck: \(temporary): \(String(cString: strerror(failure)))"))
        }
        return .success(temporary)
    }

    /// Renames a written temporary file over the cache; the reason on failure.
    func commit(_ temporary: String) -> String? {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return "cannot keep the fleet's deck: \(path): \(reason)"
        }
        return nil
    }

    /// Removes a written temporary file that a newer deck made stale.
    func discard(_ temporary: String) {
        unlink(temporary)
    }

    private func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
