import Glibc

/// The terminal's input modes: keys arrive one at a time, unechoed, while
/// Ctrl-C and Ctrl-Z still send their signals. The sign owns its terminal
/// (docs/display.md, "How a frame is drawn"), its modes included.
struct TerminalModes {
    private let fd: Int32
    /// The modes at start, nil when they could not be read (not a terminal).
    let original: termios?

    init(fd: Int32) {
        self.fd = fd
        var settings = termios()
        original = tcgetattr(fd, &settings) == 0 ? settings : nil
    }

    /// Character-at-a-time input without echo (curses' cbreak + noecho).
    func enterSignMode() {
        guard var settings = original else { return }
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(fd, TCSADRAIN, &settings)
    }

    /// The modes the terminal had when the program started.
    func restore() {
        guard var settings = original else { return }
        _ = tcsetattr(fd, TCSADRAIN, &settings)
    }
}
