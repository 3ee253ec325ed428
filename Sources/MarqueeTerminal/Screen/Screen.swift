import Glibc
import MarqueeCore

/// The terminal as the sign: opens it, draws frames writing only what
/// changed, and always gives the terminal back as it found it.
///
/// The program owns its output (docs/display.md, "How a frame is drawn"):
/// the terminal's capabilities come from its terminfo entry through
/// ncurses' public terminfo API (`TerminfoEntry`), a frame's bytes are built
/// by `FramePainter` from the difference with the frame on screen, and they
/// leave in one `write`. No curses screen model is kept beside the frame.
@MainActor
public final class Screen {
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The frames' bytes, each the difference with the frame on screen.
    private let encoder: FrameEncoder
    /// The colours the opened terminal shows (the glyph choice follows it).
    public var colorDepth: ColorDepth { encoder.colorDepth }
    private let outputFD: Int32
    private var entry: TerminfoEntry?
    private var output: TerminalOutput
    /// A frame's bytes, built here and written at once.
    private var bytes: [UInt8] = []
    private var isOpen: Bool { entry != nil }
    private let modes: TerminalModes
    /// The Linux console's blanking, off while the sign has the terminal;
    /// nil on any other terminal.
    private let blanking: ConsoleBlanking?
    /// What gives the console its blanking back, read when the sign took it.
    private var blankingRestore: [UInt8] = []
    /// What gives the terminal back: normal attributes and colours, the
    /// cursor, the main screen (or, without one, a cleared screen).
    private let leaveBytes: [UInt8]
    /// What takes it: the alternate screen and the cursor hidden.
    private let enterBytes: [UInt8]

    /// Opens the terminal named by `environment["TERM"]` on `outputFD`
    /// (standard output, or a `--tty` device), reading nothing itself (keys
    /// come from `KeyboardInput`). On the Linux console, `blanking` turns
    /// the console's own blanking off until the terminal is given back.
    /// `signalKeys` false (`--keys safe` or `none`): the terminal's Ctrl-C,
    /// Ctrl-\ and Ctrl-Z send no signal while the sign has it.
    public init(environment: [String: String], color: LEDColor, outputFD: Int32 = STDOUT_FILENO,
                blanking: ConsoleBlanking? = nil, signalKeys: Bool = true) throws(TerminalError) {
        guard isatty(outputFD) == 1 else { throw .notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .noTerm }
        guard term != "dumb" else { throw .unknownTerm(term) }
        Screen.ensureUTF8Locale()
        var loaded: TerminfoEntry?
        if ColorDepth.wantsDirect(environment: environment), let direct = ColorDepth.directVariant(of: term) {
            loaded = try? TerminfoEntry.load(direct, fd: outputFD)
        }
        if loaded == nil { loaded = try? TerminfoEntry.load(term, fd: outputFD) }
        guard let entry = loaded else { throw .unknownTerm(term) }
        guard let capabilities = TerminalCapabilities(entry) else {
            entry.release()
            throw .unknownTerm(term)
        }
        self.entry = entry
        self.outputFD = outputFD
        self.blanking = ConsoleBlanking.applies(toTerm: term) ? blanking : nil
        output = TerminalOutput(fd: outputFD)
        modes = TerminalModes(fd: outputFD, signalKeys: signalKeys)
        let terminfoColors = capabilities.foreground == nil ? nil : capabilities.colors
        encoder = FrameEncoder(capabilities: capabilities,
                               depth: ColorDepth.detect(environment: environment, terminfoColors: terminfoColors), color: color)
        leaveBytes = CrashRestoreBytes.leaving(capability: { entry.string($0) })
        enterBytes = (capabilities.enterAlternateScreen ?? []) + (capabilities.hideCursor ?? [])
        columns = 0
        rows = 0
        // Before the terminal changes: from here on a crash restores it.
        CrashGuard.install(environment: environment)
        takeTerminal()
    }

    /// Draws `frame`, writing only what differs from the frame on screen,
    /// in one write. Returns whether anything was written.
    @discardableResult
    public func draw(_ frame: FrameModel) -> Bool {
        guard isOpen, frame.columns == columns, frame.rows == rows else { return false }
        bytes.removeAll(keepingCapacity: true)
        let changed = encoder.encode(frame, into: &bytes)
        if !bytes.isEmpty, !output.write(bytes) {
            // Part of the frame may be missing: the next is drawn whole.
            encoder.forgetCursor()
            invalidate()
        }
        return changed || !bytes.isEmpty
    }


    /// Re-reads the terminal size after SIGWINCH and clears, so the next
    /// frame is drawn whole.
    public func updateSize() {
        guard isOpen else { return }
        var size = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            rows = Int(size.ws_row)
            columns = Int(size.ws_col)
        } else if columns == 0 {
            // Not expected of a terminal; terminfo's own size then.
            rows = entry?.number("lines") ?? 24
            columns = entry?.number("cols") ?? 80
        }
        invalidate()
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    public func invalidate() {
        encoder.invalidate()
    }

    /// Restores the terminal before the process stops for Ctrl-Z.
    public func suspend() {
        guard isOpen else { return }
        _ = output.write(leaveBytes + blankingRestore)
        modes.restore()
        CrashGuard.setArmed(false)
        encoder.forgetCursor()
    }

    /// Takes the terminal back after `fg`.
    public func resume() {
        guard isOpen else { return }
        takeTerminal()
    }

    /// The sign's modes, the alternate screen, the cursor hidden and the
    /// console's blanking off; the crash guard armed to undo all of it. The
    /// console's blanking is read each time: it may have been changed while
    /// the shell had the terminal.
    private func takeTerminal() {
        blankingRestore = blanking?.currentRestoreBytes() ?? []
        CrashGuard.protect(fd: outputFD, modes: modes.original, restoring: [CrashRestoreBytes.cancel] + leaveBytes + blankingRestore)
        modes.enterSignMode()
        _ = output.write(enterBytes + (blanking == nil ? [] : ConsoleBlanking.offBytes))
        encoder.forgetCursor()
        updateSize()
    }

    /// Restores the terminal for good: attributes, cursor, echo, canonical
    /// mode, main screen, and the console's blanking.
    public func close() {
        guard let entry else { return }
        suspend()
        entry.release()
        self.entry = nil
    }

    /// Wide characters are measured by the C library's locale: when the
    /// user's is not UTF-8, C.UTF-8 (always present on Debian) is used for
    /// the character type.
    private static func ensureUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased() != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
