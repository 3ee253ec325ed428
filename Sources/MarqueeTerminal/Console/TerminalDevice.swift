import Glibc

/// `--tty DEVICE`: a terminal the sign opens itself, for a service that runs
/// it on a virtual console (`/dev/tty1`). Keys are read from it and the sign
/// is drawn on it, as on standard input and output otherwise.
///
/// It is opened with `O_NOCTTY`: it does not become the controlling
/// terminal. Under systemd (`TTYPath=`, `StandardInput=tty`) it already is
/// one, which brings Ctrl-C and SIGWINCH; from a shell, the sign must not
/// take another session's terminal away from it.
public enum TerminalDevice {
    /// The open device, read and write. Opened without waiting (a serial
    /// line without carrier would hold a blocking open), then made blocking
    /// again, as a terminal on standard input is.
    public static func open(_ path: String) throws(TerminalError) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .cannotOpenDevice(path, String(cString: strerror(errno))) }
        guard isatty(fd) == 1 else {
            close(fd)
            throw .cannotOpenDevice(path, "not a terminal")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// The environment a sign on `--tty` runs with: `TERM` is `linux` when
    /// it is unset or empty (a service's environment has none, and a
    /// virtual console is the Linux console).
    public static func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if (environment["TERM"] ?? "").isEmpty { environment["TERM"] = "linux" }
        return environment
    }
}
