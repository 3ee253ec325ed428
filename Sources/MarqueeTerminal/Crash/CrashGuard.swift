import CCrashGuard
import Glibc

/// Makes a crash give the terminal back before it is reported, and keeps the
/// Swift runtime's crash report from waiting for a key: a sign on a kiosk has
/// nobody to press one, and the report's prompt holds the crashed process
/// for 30 s. The handler itself is C (see CCrashGuard.h).
public enum CrashGuard {
    /// Puts the handler in front of the runtime's; call it early, so a crash
    /// before the sign opens does not wait either. The user's own
    /// `SWIFT_BACKTRACE=interactive=…` or `output-to=…` is respected. A
    /// crash signal the runtime does not report (SIGSYS) is named on stderr
    /// after `program`, as the signals taken on the event loop are.
    public static func install(environment: [String: String], program: String = "ledmarquee") {
        let settings = BacktraceSettings(environment["SWIFT_BACKTRACE"])
        let answer = !settings.choosesInteractive
        lm_crash_guard_install(answer ? 1 : 0, answer && !settings.choosesOutput ? 1 : 0, program)
    }

    /// From now on a crash restores `modes` on `fd` and writes `bytes`.
    static func protect(fd: Int32, modes: termios?, restoring bytes: [UInt8]) {
        let fits: Int32
        if var modes {
            fits = lm_crash_guard_protect(fd, &modes, bytes, bytes.count)
        } else {
            fits = lm_crash_guard_protect(fd, nil, bytes, bytes.count)
        }
        // Not expected (a few dozen bytes); the termios is restored anyway.
        assert(fits == 0, "terminal restore sequence of \(bytes.count) bytes does not fit")
    }

    /// Off while the terminal is the shell's (Ctrl-Z, after quitting).
    static func setArmed(_ armed: Bool) {
        lm_crash_guard_set_armed(armed ? 1 : 0)
    }
}
