import Glibc

/// Removes an export's temporary file when a signal ends the process
/// (Ctrl-C, SIGTERM, SIGHUP) before the file is whole: the target is
/// never touched by an unfinished export, and nothing is left beside it
/// either (docs/export.md, "Writing the file"). The handler does only what
/// a signal handler may — `unlink`, then the signal again at its default
/// action, so the process still dies of it (130, 143, 129).
enum TemporaryFileGuard {
    /// The signals that end an export.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The path the handler removes: a C string, set before the handlers
    /// are installed and cleared before it is freed, so the handler reads
    /// either a whole path or nothing. One export runs at a time, on the
    /// main thread.
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

    /// From now until `release`, a signal removes `temporary`.
    static func protect(_ temporary: String) {
        release()
        path = strdup(temporary)
        for signal in signals {
            Glibc.signal(signal) { number in
                if let path = TemporaryFileGuard.path { unlink(path) }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// The file is renamed or removed: signals end the process as before.
    static func release() {
        guard let held = path else { return }
        for signal in signals { Glibc.signal(signal, SIG_DFL) }
        path = nil
        free(held)
    }
}
