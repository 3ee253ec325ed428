import Glibc

/// The terminal's input modes: keys arrive one at a time, unechoed, while
/// Ctrl-C and Ctrl-Z still send their signals — unless `--keys` locks the
/// keyboard, when the terminal's interrupt, quit and suspend characters are
/// turned off (Ctrl-C then arrives as a key, which the lock ignores). The
/// sign owns its terminal (docs/display.md, "How a frame is drawn"), its
/// modes included.
struct TerminalModes {
    private let fd: Int32
    /// Whether Ctrl-C, Ctrl-\ and Ctrl-Z stay the terminal's signal keys.
    let signalKeys: Bool
    /// The modes at start, nil when they could not be read (not a terminal).
    let original: termios?

    init(fd: Int32, signalKeys: Bool = true) {
        self.fd = fd
        self.signalKeys = signalKeys
        var settings = termios()
        original = tcgetattr(fd, &settings) == 0 ? settings : nil
    }

    /// Character-at-a-time input without echo (curses' cbreak + noecho).
    func enterSignMode() {
        guard var settings = original else { return }
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        let signalKeys = signalKeys
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
            // _POSIX_VDISABLE (0 on Linux): no character sends the signal.
            if !signalKeys { for index in [VINTR, VQUIT, VSUSP] { cc[Int(index)] = 0 } }
        }
        _ = tcsetattr(fd, TCSADRAIN, &settings)
    }

    /// The modes the terminal had when the program started.
    func restore() {
        guard var settings = original else { return }
        _ = tcsetattr(fd, TCSADRAIN, &settings)
    }
}
