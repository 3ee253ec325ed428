#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif


import Synchronization

/// What a reading of the sysfs tree could read and what it could not, so
/// the probe tells a sensor that is gone (its file missing: the reading
/// says so) from one it could not reach this time (out of descriptors,
/// permission taken away, a link loop): then the last reading is kept
/// (docs/power-probe.md, "When the files cannot be read").
///
/// Shared by the copies of one `SysfsReader`; the probe takes it empty
/// before each reading.
public final class SysfsAccessLog: Sendable {
    /// Relative paths read, and those that could not be with the errno.
    public struct Entries: Sendable, Equatable {
        public var readable: Set<String> = []
        public var unreadable: [String: Int32] = [:]
    }

    private let entries = Mutex(Entries())

    public init() {}

    func readable(_ path: String) {
        entries.withLock { _ = $0.readable.insert(path) }
    }

    /// `code` is the errno of the `open` or `opendir` that failed; a file
    /// or directory that does not exist is absent, not unreadable.
    func failed(_ path: String, code: Int32) {
        guard !Self.meansAbsent(code) else { return }
        entries.withLock { $0.unreadable[path] = code }
    }

    static func meansAbsent(_ code: Int32) -> Bool {
        code == ENOENT || code == ENOTDIR
    }

    /// What was recorded since the last call, which starts afresh.
    public func take() -> Entries {
        entries.withLock { entries in
            defer { entries = Entries() }
            return entries
        }
    }
}
