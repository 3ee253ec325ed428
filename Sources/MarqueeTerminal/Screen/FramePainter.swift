import CTerminfo
import MarqueeCore

/// Turns what changed between two frames (`FrameDiff`) into the bytes that
/// make the terminal show the new one: a scroll step is, per panel row, one
/// cursor move, one delete-characters and the cells coming into view; any
/// other change is cursor moves, style changes and cells. It keeps what the
/// terminal has now — where the cursor stands and the style last set — so
/// each move and each style change is the shortest the terminal offers, and
/// every sequence is expanded from terminfo once and kept.
///
/// Pure but for `tiparm` (terminfo's expansion): it writes nothing itself,
/// so its bytes are tested by feeding them to a terminal emulator.
struct FramePainter {
    struct Position: Equatable {
        var row: Int
        var column: Int
    }

    let capabilities: TerminalCapabilities
    /// Where the terminal's cursor is; nil when unknown (at start, after
    /// writing the last column, where it waits to wrap, or after a failure).
    private(set) var cursor: Position?
    /// The style the terminal writes in now; nil when unknown.
    private(set) var style: TerminalStyle?

    // Sequences expanded once, by their parameter (a value type's fields,
    // so exclusivity is checked when compiling, at no cost per cell).
    private var addresses = SequenceTable()
    /// Row stride of `addresses` (the width when it was filled).
    private var addressColumns = 0
    private var columnMoves = SequenceTable()
    private var rowMoves = SequenceTable()
    private var rightMoves = SequenceTable()
    private var deletes = SequenceTable()
    private var lastMeasured: (scalar: Unicode.Scalar, width: Int) = (" ", 1)
    private var paletteForegrounds = SequenceTable()
    private var paletteBackgrounds = SequenceTable()
    private var foregrounds: [Int: [UInt8]] = [:]
    private var backgrounds: [Int: [UInt8]] = [:]

    init(capabilities: TerminalCapabilities) {
        self.capabilities = capabilities
    }

    /// The terminal was written by someone else (the shell after Ctrl-Z),
    /// or a write failed: the next move and style are written in full.
    mutating func forget() {
        cursor = nil
        style = nil
    }

    /// Appends the clearing of the whole screen, in the default colours.
    /// False when the terminal has no way to clear (then every cell must
    /// be written).
    mutating func clear(into bytes: inout [UInt8]) -> Bool {
        setStyle(.normal, into: &bytes)
        if let clear = capabilities.clearScreen {
            bytes += clear
        } else if let clearToEnd = capabilities.clearToEnd, move(to: Position(row: 0, column: 0), in: nil, into: &bytes) {
            bytes += clearToEnd
        } else {
            return false
        }
        // `clear` homes the cursor.
        cursor = Position(row: 0, column: 0)
        return true
    }

    /// Whether a shift of `count` cells can be written (the terminal has
    /// `dch`, or `dch1`, and it expands).
    mutating func canShift(by count: Int) -> Bool {
        deleteSequence(count) != nil
    }

    /// Appends what turns the terminal's picture of `diff.old` (or of
    /// anything, without one) into `diff.new`; `resolve` gives each cell's
    /// style. Returns whether anything changed.
    mutating func paint(_ diff: FrameDiff, resolve: (PackedCell) -> TerminalStyle, into bytes: inout [UInt8]) -> Bool {
        let frame = diff.new
        if frame.columns != addressColumns {
            addresses = SequenceTable()
            addressColumns = frame.columns
        }
        return diff.forEachChange(in: 0..<frame.rows) { row, shift in
            guard shift > 0, let delete = deleteSequence(shift) else { return }
            // A shift brings blanks in at the right in the current
            // background (on `bce` terminals): it must be the default one.
            setStyle(.normal, into: &bytes)
            guard move(to: Position(row: row, column: 0), in: nil, into: &bytes) else { return }
            bytes += delete
        } cell: { row, column, cell in
            put(cell, at: Position(row: row, column: column), in: frame, resolve: resolve, into: &bytes)
        }
    }

    /// Appends `cell` at `position`: a move, a style change if needed, and
    /// the character.
    private mutating func put(_ cell: PackedCell, at position: Position, in frame: FrameModel,
                              resolve: (PackedCell) -> TerminalStyle, into bytes: inout [UInt8]) {
        let scalar = FramePainter.writable(cell.scalar)
        let width = measure(scalar)
        let lastCell = position.row == frame.rows - 1 && position.column + max(1, width) >= frame.columns
        var marginsOff = false
        if lastCell, capabilities.lastCellScrolls {
            // The terminal would scroll the whole sign up one row.
            guard let off = capabilities.marginsOff, capabilities.marginsOn != nil else { return }
            bytes += off
            marginsOff = true
        }
        guard move(to: position, in: frame, resolve: resolve, into: &bytes) else { return }
        setStyle(resolve(cell), into: &bytes)
        if scalar.isASCII {
            bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            Unicode.UTF8.encode(scalar) { bytes.append($0) }
        }
        let next = position.column + width
        cursor = width > 0 && next < frame.columns ? Position(row: position.row, column: next) : nil
        if marginsOff, let on = capabilities.marginsOn { bytes += on }
    }

    /// Appends the shortest way the terminal offers from the cursor to
    /// `target`: nothing, rewriting the few cells between (from `frame`,
    /// when they are in the current style), one right, a column or row
    /// address, or the full address.
    private mutating func move(to target: Position, in frame: FrameModel?, resolve: (PackedCell) -> TerminalStyle = { _ in .normal },
                               into bytes: inout [UInt8]) -> Bool {
        guard cursor != target else { return true }
        var best: [UInt8]?
        func consider(_ candidate: [UInt8]?) {
            if let candidate, candidate.count < best?.count ?? Int.max { best = candidate }
        }
        if let cursor, cursor.row == target.row {
            let gap = target.column - cursor.column
            if gap > 0 {
                if let frame { consider(FramePainter.rewrite(frame, row: target.row, from: cursor.column, count: gap,
                                                             style: style, resolve: resolve)) }
                if gap == 1 { consider(capabilities.cursorRight) }
                if let cuf = capabilities.cursorRightBy { consider(rightMoves.sequence(at: gap) { cuf.expand(gap) }) }
            }
            if let hpa = capabilities.columnAddress {
                consider(columnMoves.sequence(at: target.column) { hpa.expand(target.column) })
            }
        } else if let cursor, cursor.column == target.column, let vpa = capabilities.rowAddress {
            consider(rowMoves.sequence(at: target.row) { vpa.expand(target.row) })
        }
        if best == nil || best!.count > 3 {
            let cup = capabilities.cursorAddress
            consider(addresses.sequence(at: target.row * addressColumns + target.column) { cup.expand(target.row, target.column) })
        }
        guard let best else { return false }
        bytes += best
        cursor = target
        return true
    }

    /// The bytes of `count` cells of `frame` from `column`, if each is one
    /// narrow character in `style` (so writing them moves the cursor as far
    /// as a move would, and changes nothing on screen); else nil. At most a
    /// few cells: only a move of a few cells is ever longer.
    private static func rewrite(_ frame: FrameModel, row: Int, from column: Int, count: Int, style: TerminalStyle?,
                                resolve: (PackedCell) -> TerminalStyle) -> [UInt8]? {
        guard count <= 4, let style else { return nil }
        var bytes: [UInt8] = []
        for x in column..<(column + count) {
            let cell = frame.packedCell(row: row, column: x)
            guard !cell.isContinuation, FramePainter.width(of: cell.scalar) == 1,
                  FramePainter.writable(cell.scalar) == cell.scalar, resolve(cell) == style else { return nil }
            Unicode.UTF8.encode(cell.scalar) { bytes.append($0) }
        }
        return bytes
    }

    /// Appends the change from the terminal's style to `wanted`: only the
    /// colours when the attributes stay and no colour goes back to the
    /// default; otherwise from normal (`sgr0`).
    private mutating func setStyle(_ wanted: TerminalStyle, into bytes: inout [UInt8]) {
        guard wanted != style else { return }
        if let current = style, current.attributes.isSubset(of: wanted.attributes),
           !(wanted.foreground < 0 && current.foreground >= 0), !(wanted.background < 0 && current.background >= 0) {
            appendAttributes(wanted.attributes.subtracting(current.attributes), into: &bytes)
            appendColors(foreground: wanted.foreground == current.foreground ? -1 : wanted.foreground,
                         background: wanted.background == current.background ? -1 : wanted.background, into: &bytes)
        } else {
            bytes += capabilities.normal
            if style?.hasColor ?? true { bytes += capabilities.defaultColors }
            appendAttributes(wanted.attributes, into: &bytes)
            appendColors(foreground: wanted.foreground, background: wanted.background, into: &bytes)
        }
        style = wanted
    }

    private func appendAttributes(_ attributes: InkColors.Attributes, into bytes: inout [UInt8]) {
        if attributes.contains(.bold), let bold = capabilities.bold { bytes += bold }
        if attributes.contains(.dim), let dim = capabilities.dim { bytes += dim }
        if attributes.contains(.reverse), let reverse = capabilities.reverse { bytes += reverse }
    }

    private mutating func appendColors(foreground: Int, background: Int, into bytes: inout [UInt8]) {
        let order = capabilities.foregroundIsBGR
        if foreground >= 0, let setaf = capabilities.foreground,
           let sequence = FramePainter.colorSequence(foreground, in: &foregrounds, paletteIn: &paletteForegrounds,
                                                     { setaf.expand(FramePainter.colorNumber(foreground, bgr: order)) }) {
            bytes += sequence
        }
        if background >= 0, let setab = capabilities.background,
           let sequence = FramePainter.colorSequence(background, in: &backgrounds, paletteIn: &paletteBackgrounds,
                                                     { setab.expand(FramePainter.colorNumber(background, bgr: order)) }) {
            bytes += sequence
        }
    }

    /// A colour's sequence, expanded once: the 256 palette colours in a
    /// table (a colour change is then an index, not a hash, every few
    /// cells of a frame), direct colours (24-bit values) by dictionary.
    private static func colorSequence(_ color: Int, in direct: inout [Int: [UInt8]], paletteIn palette: inout SequenceTable,
                                      _ expand: () -> [UInt8]?) -> [UInt8]? {
        if color < 256 { return palette.sequence(at: color, expand) }
        if let known = direct[color] { return known }
        let sequence = expand()
        direct[color] = sequence
        return sequence
    }

    /// `setf`/`setb` number the eight colours blue-green-red.
    static func colorNumber(_ color: Int, bgr: Bool) -> Int {
        guard bgr, color < 8 else { return color }
        return (color & 2) | (color & 1) << 2 | (color & 4) >> 2
    }

    /// The terminal's sequence deleting `count` characters: `dch`, else
    /// `count` times `dch1`.
    private mutating func deleteSequence(_ count: Int) -> [UInt8]? {
        guard count > 0 else { return nil }
        if let dch = capabilities.deleteCharacters { return deletes.sequence(at: count) { dch.expand(count) } }
        guard let dch1 = capabilities.deleteCharacter else { return nil }
        return deletes.sequence(at: count) { Array(repeating: dch1, count: count).flatMap { $0 } }
    }

    /// What a cell's character is written as: a control character (which
    /// the layout never puts in a cell) as U+FFFD, so no cell can ever send
    /// the terminal a control or the start of an escape sequence.
    @inline(__always)
    static func writable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0) ? "\u{FFFD}" : scalar
    }

    /// `width(of:)`, remembered for the last character beyond ASCII
    /// measured: a scroll step writes the same LED glyph on every row, with
    /// ASCII gaps between (which must not push it out).
    private mutating func measure(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return 1 }
        if scalar == lastMeasured.scalar { return lastMeasured.width }
        let width = FramePainter.width(of: scalar)
        lastMeasured = (scalar, width)
        return width
    }

    /// Columns the terminal moves the cursor for `scalar` (glibc's wcwidth,
    /// which tmux and the console agree with for what the sign draws).
    @inline(__always)
    static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return 1 }
        return Int(wcwidth(wchar_t(truncatingIfNeeded: scalar.value)))
    }
}

/// Terminal sequences expanded once, by a small dense parameter (a row, a
/// column, a count, or row × width + column).
struct SequenceTable {
    private var entries: [[UInt8]?] = []

    /// The sequence for `index`, expanding it on first use; nil when the
    /// capability gives nothing.
    mutating func sequence(at index: Int, _ expand: () -> [UInt8]?) -> [UInt8]? {
        if index >= 0, index < entries.count, let known = entries[index] { return known }
        guard index >= 0, let sequence = expand() else { return nil }
        if index >= entries.count { entries += Array(repeating: nil, count: index + 1 - entries.count) }
        entries[index] = sequence
        return sequence
    }
}
