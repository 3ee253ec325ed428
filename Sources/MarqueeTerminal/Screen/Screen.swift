import CNcursesw
import Glibc
import MarqueeCore

/// The ncurses screen: opens the terminal, draws frames writing only the
/// cells that changed, and always gives the terminal back as it found it.
/// Every ncurses call in the program goes through this one main-actor type.
@MainActor
public final class Screen {
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The inks' colours for the LED colour of the frame on screen.
    private var colors: InkColors
    /// `--color`: the LED colour of a frame whose message has none of its own.
    private let signColor: LEDColor
    /// The colours the opened terminal shows (the glyph choice follows it).
    public var colorDepth: ColorDepth { colors.depth }
    private let outputFD: Int32
    private var screen: OpaquePointer?
    /// The streams ncurses was opened on; ncurses never closes them.
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var previous: FrameModel?
    /// Colour pair and attributes per (foreground, background) ink code in
    /// the current LED colour, filled on first use and emptied when the
    /// colour changes. An array, not a dictionary: it is read for every
    /// changed cell, and hashing was a fifth of the drawing time.
    @exclusivity(unchecked) private var pairs = [(attributes: attr_t, pair: Int32)?](repeating: nil, count: Ink.codeCount * Ink.codeCount)
    /// What each entry of `pairs` shows (no colour where no pair was left).
    @exclusivity(unchecked) private var shown = [InkColors.Resolved?](repeating: nil, count: Ink.codeCount * Ink.codeCount)
    /// The pair numbers, shared by every colour shown (see `showColor`).
    private var pairBook = ColorPairBook(capacity: 0)
    private var isOpen: Bool { screen != nil }
    /// Set when a frame could not be drawn as planned: the next is drawn whole.
    private var mustRepaint = false
    private let batcher: OutputBatcher
    private let modes: TerminalModes
    /// Whether the terminal can delete characters (`dch` or `dch1`), which
    /// shifting a scrolled panel's rows needs; if not, every row is redrawn.
    private var canDeleteCharacters = false
    /// The sequence deleting n characters, by n (usually one or two values).
    private var deleteSequences: [Int: [CChar]] = [:]
    /// Writes the shifted rows of a scroll step itself; nil when the
    /// terminal or ncurses does not allow it (rows then shift through ncurses).
    private var direct: DirectRowWriter?
    /// The Linux console's blanking, off while the sign has the terminal;
    /// nil on any other terminal.
    private let blanking: ConsoleBlanking?
    /// What gives the console its blanking back, read when the sign took it.
    private var blankingRestore: [UInt8] = []
    /// The terminal's restore sequence for a crash, less the blanking's.
    private var crashRestore: [UInt8] = []

    /// Opens the terminal named by `environment["TERM"]` on `outputFD`
    /// (standard output, or a `--tty` device), reading nothing itself (keys
    /// come from `KeyboardInput` on `inputFD`). On the Linux console,
    /// `blanking` turns the console's own blanking off until the terminal
    /// is given back.
    public init(environment: [String: String], color: LEDColor, inputFD: Int32, outputFD: Int32 = STDOUT_FILENO,
                blanking: ConsoleBlanking? = nil) throws(TerminalError) {
        guard isatty(outputFD) == 1 else { throw .notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .noTerm }
        guard term != "dumb" else { throw .unknownTerm(term) }
        Screen.ensureUTF8Locale()
        self.outputFD = outputFD
        self.blanking = ConsoleBlanking.applies(toTerm: term) ? blanking : nil
        guard let batcher = OutputBatcher(terminalFD: outputFD) else {
            throw .cannotOpenTTY(String(cString: strerror(errno)))
        }
        guard let output = fdopen(dup(batcher.writeFD), "w") else { throw .cannotOpenTTY(String(cString: strerror(errno))) }
        guard let input = fdopen(dup(inputFD), "r") else {
            let reason = String(cString: strerror(errno))
            fclose(output)
            throw .cannotOpenTTY(reason)
        }
        var opened: OpaquePointer?
        if ColorDepth.wantsDirect(environment: environment), let direct = ColorDepth.directVariant(of: term) {
            opened = newterm(direct, output, input)
        }
        if opened == nil { opened = newterm(term, output, input) }
        guard let opened else {
            fclose(output)
            fclose(input)
            throw .unknownTerm(term)
        }
        self.batcher = batcher
        self.output = output
        self.input = input
        modes = TerminalModes(fd: outputFD)
        screen = opened
        if has_colors() {
            start_color()
            use_default_colors()
        }
        colors = InkColors(depth: ColorDepth.detect(environment: environment, terminfoColors: has_colors() ? Int(lm_colors()) : nil),
                           color: color)
        signColor = color
        pairBook = ColorPairBook(capacity: has_colors() ? Int(lm_color_pairs()) : 0)
        // Before the terminal changes: nothing has reached it yet (ncurses
        // wrote into the batcher's pipe), so from here on a crash restores it.
        CrashGuard.install(environment: environment)
        crashRestore = CrashRestoreBytes.make(capability: Screen.capability)
        blankingRestore = self.blanking?.currentRestoreBytes() ?? []
        CrashGuard.protect(fd: outputFD, modes: modes.original, restoring: crashRestore + blankingRestore)
        modes.enterSignMode()
        if self.blanking != nil { batcher.enqueue(ConsoleBlanking.offBytes) }
        nonl()
        curs_set(0)
        leaveok(lm_stdscr(), true)
        columns = Int(lm_cols())
        rows = Int(lm_lines())
        canDeleteCharacters = lm_terminal_string("dch") != nil || lm_terminal_string("dch1") != nil
        if canDeleteCharacters, environment["LEDMARQUEE_NCURSES_SHIFT"] == nil {
            direct = DirectRowWriter(output: output)
        }
        updateSize()
        batcher.drain()
    }

    /// Worst case bytes ncurses may write for one cell (cursor move, colour
    /// change, a 4-byte character); sizes the bands of `draw`.
    private var bytesPerCellBound: Int { colors.depth == .direct ? 64 : 40 }

    /// Draws `frame`, writing only cells that differ from the last frame
    /// drawn. Returns whether anything was written.
    @discardableResult
    public func draw(_ frame: FrameModel) -> Bool {
        guard isOpen, frame.columns == columns, frame.rows == rows else { return false }
        showColor(frame.ledColor ?? signColor, brightness: frame.ledBrightness)
        let diff = FrameDiff(from: previous, to: frame, canShift: canDeleteCharacters)
        var anyChange = false
        // Each update must fit in the output pipe (see OutputBatcher): one
        // band on any common terminal, several on a huge one.
        let band = max(1, batcher.capacity / max(1, frame.columns * bytesPerCellBound))
        for top in stride(from: 0, to: frame.rows, by: band) {
            if put(diff, rows: top..<min(frame.rows, top + band)) {
                wnoutrefresh(lm_stdscr())
                doupdate()
                batcher.drain()
                anyChange = true
            }
        }
        previous = frame
        if mustRepaint {
            mustRepaint = false
            invalidate()
        }
        return anyChange
    }

    /// Puts what `diff` says changed in `rows` into ncurses' screen. A panel
    /// row whose content moved left is first shifted on the terminal (a few
    /// bytes), so only the cells that came into view are written: directly
    /// (`DirectRowWriter`) when it can, else through ncurses.
    private func put(_ diff: FrameDiff, rows: Range<Int>) -> Bool {
        guard diff.shift > 0, let sequence = deleteSequence(diff.shift) else { return putThroughNcurses(diff, rows: rows) }
        var shifted: [Int] = []
        var cells: [(row: Int, column: Int, cell: Cell)] = []
        var writable = direct != nil
        let changed = diff.forEachRow(in: rows) { row, shift in
            if shift > 0 { shifted.append(row) }
        } cell: { row, column, cell in
            if shifted.last == row {
                cells.append((row, column, cell))
                if !DirectRowWriter.canWrite(cell) { writable = false }
            } else {
                putCell(cell, row: row, column: column)
            }
        }
        guard !shifted.isEmpty else { return changed }
        if writable, let direct,
           direct.write(rows: shifted, delete: sequence, cells: cells, columns: columns, shown: { self.shownStyle($0) }) {
            for row in shifted { lm_shift_line_records(Int32(row), Int32(diff.shift)) }
            var first = 0
            while first < cells.count {
                let row = cells[first].row
                var last = first
                while last + 1 < cells.count, cells[last + 1].row == row { last += 1 }
                for index in first...last { putCell(cells[index].cell, row: row, column: cells[index].column) }
                lm_commit_line(Int32(row), Int32(cells[first].column), Int32(cells[last].column + 1))
                first = last + 1
            }
            // A shifted row whose new cells all matched needs no commit:
            // nothing was put on it.
            return changed
        }
        var cursorRow: Int32 = -1
        for row in shifted {
            if lm_shift_row_left(output, Int32(row), Int32(diff.shift), cursorRow, sequence) == OK {
                cursorRow = Int32(row)
            } else {
                // The cells written assume a shift: the next frame is drawn whole.
                mustRepaint = true
            }
        }
        for (row, column, cell) in cells { putCell(cell, row: row, column: column) }
        return changed
    }

    /// Puts every changed cell into ncurses' screen, shifting rows through
    /// ncurses (`lm_shift_row_left`).
    private func putThroughNcurses(_ diff: FrameDiff, rows: Range<Int>) -> Bool {
        // After a shift the cursor stands at the start of that row, so the
        // next shift's cursor move can be relative.
        var cursorRow: Int32 = -1
        var shiftFailed = false
        let sequence = diff.shift > 0 ? deleteSequence(diff.shift) : nil
        let changed = diff.forEachRow(in: rows) { row, shift in
            guard shift > 0 else { return }
            if let sequence, lm_shift_row_left(output, Int32(row), Int32(shift), cursorRow, sequence) == OK {
                cursorRow = Int32(row)
            } else {
                shiftFailed = true
            }
        } cell: { row, column, cell in
            self.putCell(cell, row: row, column: column)
        }
        // Not expected once dch or dch1 exists; but if ncurses refused, the
        // cells written assumed a shift: the next frame is drawn whole.
        if shiftFailed { mustRepaint = true }
        return changed
    }

    private func putCell(_ cell: Cell, row: Int, column: Int) {
        let style = pairStyle(foreground: cell.foreground, background: cell.background)
        _ = lm_put_cell(Int32(row), Int32(column), wchar_t(truncatingIfNeeded: cell.scalar.value), style.attributes, style.pair)
    }

    /// The colours and attributes ncurses shows `cell` in.
    private func shownStyle(_ cell: Cell) -> InkColors.Resolved {
        let key = cell.foreground.code * Ink.codeCount + cell.background.code
        if let known = shown[key] { return known }
        _ = pairStyle(foreground: cell.foreground, background: cell.background)
        return shown[key] ?? colors.resolve(foreground: .plain, background: .plain)
    }

    /// Makes `color` the LED colour inks resolve to. The diff draws a frame
    /// of another colour whole (`FrameDiff`), so every LED is put again in
    /// it; its pairs come from the book, where the colours of earlier
    /// messages stay and are found again. A book that ran out starts over
    /// here, under a cleared screen, as the numbers then change meaning.
    /// Quiet hours' dimming is one more such change (`brightness`).
    private func showColor(_ color: LEDColor, brightness: Double) {
        guard color != colors.color || brightness != colors.brightness else { return }
        colors = InkColors(depth: colors.depth, color: color, brightness: brightness)
        for index in pairs.indices {
            pairs[index] = nil
            shown[index] = nil
        }
        if pairBook.colorChanged() { invalidate() }
    }

    /// The terminal's sequence deleting `count` characters, expanded once.
    private func deleteSequence(_ count: Int) -> [CChar]? {
        if let known = deleteSequences[count] { return known }
        var buffer = [CChar](repeating: 0, count: 256)
        guard lm_delete_characters(Int32(count), &buffer, Int32(buffer.count)) >= 0 else { return nil }
        deleteSequences[count] = buffer
        return buffer
    }

    /// Re-reads the terminal size after SIGWINCH and clears, so the next
    /// frame is drawn whole.
    public func updateSize() {
        guard isOpen else { return }
        var size = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        columns = Int(lm_cols())
        rows = Int(lm_lines())
        invalidate()
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    public func invalidate() {
        previous = nil
        guard isOpen else { return }
        werase(lm_stdscr())
        clearok(lm_stdscr(), true)
    }

    /// Restores the terminal before the process stops for Ctrl-Z.
    public func suspend() {
        guard isOpen else { return }
        curs_set(1)
        endwin()
        batcher.enqueue(blankingRestore)
        batcher.drain()
        modes.restore()
        CrashGuard.setArmed(false)
    }

    /// Takes the terminal back after `fg`.
    public func resume() {
        guard isOpen else { return }
        // The console's blanking is read again: it may have been changed
        // while the shell had the terminal.
        takeBlanking()
        modes.enterSignMode()
        // No refresh here: the next frame repaints in bands (see draw).
        curs_set(0)
        updateSize()
        batcher.drain()
    }

    /// Reads the console's blanking, arms the crash guard to give it back
    /// with the rest of the terminal, and turns it off (queued for the next
    /// drain). Elsewhere than on the Linux console only the guard is armed.
    private func takeBlanking() {
        blankingRestore = blanking?.currentRestoreBytes() ?? []
        CrashGuard.protect(fd: outputFD, modes: modes.original, restoring: crashRestore + blankingRestore)
        if blanking != nil { batcher.enqueue(ConsoleBlanking.offBytes) }
    }

    /// Restores the terminal for good: cursor, echo, canonical mode, main
    /// screen, and the console's blanking.
    public func close() {
        guard let screen else { return }
        suspend()
        delscreen(screen)
        self.screen = nil
        fclose(output)
        fclose(input)
    }

    private func pairStyle(foreground: Ink, background: Ink) -> (attributes: attr_t, pair: Int32) {
        let key = foreground.code * Ink.codeCount + background.code
        if let known = pairs[key] { return known }
        let resolved = colors.resolve(foreground: foreground, background: background)
        var attributes = lm_a_normal()
        if resolved.attributes.contains(.bold) { attributes |= lm_a_bold() }
        if resolved.attributes.contains(.dim) { attributes |= lm_a_dim() }
        if resolved.attributes.contains(.reverse) { attributes |= lm_a_reverse() }
        var pair: Int32 = 0
        if resolved.foreground >= 0 || resolved.background >= 0 {
            let wanted = ColorPairBook.Colors(foreground: resolved.foreground, background: resolved.background)
            pair = pairBook.pair(for: wanted) { number in
                init_extended_pair(number, Int32(wanted.foreground), Int32(wanted.background)) == OK
            }
        }
        pairs[key] = (attributes, pair)
        var visible = resolved
        if pair == 0 { (visible.foreground, visible.background) = (-1, -1) }
        shown[key] = visible
        return (attributes, pair)
    }

    /// The terminfo string `name` of the terminal ncurses opened, as bytes.
    private static func capability(_ name: String) -> [UInt8]? {
        lm_terminal_string(name).map { Array(String(cString: $0).utf8) }
    }

    /// Wide characters vanish unless the locale is UTF-8; when the user's is
    /// not, C.UTF-8 (always present on Debian) is used for the character type.
    private static func ensureUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased() != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
