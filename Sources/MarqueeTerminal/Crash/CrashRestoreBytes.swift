/// The bytes that take a terminal out of the sign's modes: what
/// `Screen.close()` writes, and what the crash handler writes when there is
/// no time for it. Taken from terminfo when the screen opens, because the
/// crash handler may not call into any library.
enum CrashRestoreBytes {
    /// Cancel (CAN): ends an escape sequence the crash may have cut short, so
    /// the terminal reads what follows as sent; elsewhere it is ignored.
    static let cancel: UInt8 = 0x18

    /// Normal attributes and colours, the cursor shown, and the alternate
    /// screen left (or, on a terminal without one, the sign cleared away).
    /// `capability` gives a terminfo string by name, nil when absent.
    static func leaving(capability: (String) -> [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in ["sgr0", "op", "cnorm"] {
            if let value = capability(name) { bytes += TerminfoPadding.removed(from: value) }
        }
        // The sign's screen is cleared before the main screen comes back: a
        // terminal that ignores the alternate screen (the Linux console a
        // `--tty` sign plays on under another TERM, tmux with
        // `alternate-screen off`) would otherwise keep the last frame.
        for name in ["clear", "rmcup"] {
            if let value = capability(name) { bytes += TerminfoPadding.removed(from: value) }
        }
        return bytes
    }

    /// What a crash writes: `leaving`, after a cancel of whatever sequence
    /// the crash cut short.
    static func make(capability: (String) -> [UInt8]?) -> [UInt8] {
        [cancel] + leaving(capability: capability)
    }
}
