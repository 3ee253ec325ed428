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
    /// `cup` to the first column of each row.
    private var rowStarts = SequenceTable()
    /// The length of the shortest `cup` (to the first cell).
    private let shortestAddress: Int
    /// Row stride of `addresses` (the width when it was filled).
    private var addressColumns = 0
    private var columnMoves = SequenceTable()
    private var rowMoves = SequenceTable()
    private var rightMoves = SequenceTable()
    private var rightOne = SequenceTable()
    private var deletes = SequenceTable()
    private var paletteForegrounds = SequenceTable()
    private var paletteBackgrounds = SequenceTable()
    private var foregrounds: [Int: SequenceStore.Reference] = [:]
    private var backgrounds: [Int: SequenceStore.Reference] = [:]
    /// The bytes of every sequence of the tables above.
    private var store = SequenceStore()
    /// The last character beyond ASCII written: its width, and its UTF-8
    /// bytes (low byte first) and their count. A scroll step writes the
    /// same LED glyph on every row, with ASCII gaps between.
    private var lastWritten: (scalar: Unicode.Scalar, width: Int, utf8: UInt32, count: Int) = (" ", 1, 0x20, 1)

    /// `sgr0` and `op`, in the store: a scroll step writes them on every
    /// row it shifts (the shift must bring in the default background).
    private let normal: SequenceStore.Reference
    private let defaultColors: SequenceStore.Reference

    init(capabilities: TerminalCapabilities) {
        self.capabilities = capabilities
        normal = store.add(capabilities.normal)
        shortestAddress = capabilities.cursorAddress.expand(0, 0)?.count ?? 0
        defaultColors = store.add(capabilities.defaultColors)
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
    mutating func clear(into bytes: inout ByteBuffer) -> Bool {
        setStyle(.normal, into: &bytes)
        if let clear = capabilities.clearScreen {
            bytes.append(contentsOf: clear)
        } else if let clearToEnd = capabilities.clearToEnd, move(to: Position(row: 0, column: 0), in: nil, into: &bytes) {
            bytes.append(contentsOf: clearToEnd)
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
    mutating func paint(_ diff: FrameDiff, resolve: (PackedCell) -> TerminalStyle, into bytes: inout ByteBuffer) -> Bool {
        let frame = diff.new
        if frame.columns != addressColumns {
            // The store keeps every sequence expanded so far, and the full
            // addresses are by row x width: a new width starts the painter
            // afresh (what the terminal shows stays known), so a sign
            // resized again and again for months holds no more than one.
            let (cursor, style) = (self.cursor, self.style)
            self = FramePainter(capabilities: capabilities)
            (self.cursor, self.style) = (cursor, style)
            addressColumns = frame.columns
        }
        return diff.forEachChange(in: 0..<frame.rows) { row, shift in
            guard shift > 0, let delete = deleteSequence(shift) else { return }
            // A shift brings blanks in at the right in the current
            // background (on `bce` terminals): it must be the default one.
            setStyle(.normal, into: &bytes)
            guard move(to: Position(row: row, column: 0), in: nil, into: &bytes) else { return }
            store.append(delete, to: &bytes)
        } cell: { row, column, cell in
            put(cell, at: Position(row: row, column: column), in: frame, resolve: resolve, into: &bytes)
        }
    }

    /// Appends `cell` at `position`: a move, a style change if needed, and
    /// the character.
    private mutating func put(_ cell: PackedCell, at position: Position, in frame: FrameModel,
                              resolve: (PackedCell) -> TerminalStyle, into bytes: inout ByteBuffer) {
        let scalar = FramePainter.writable(cell.scalar)
        let width = scalar.value < 0x7F ? 1 : remember(scalar)
        let lastCell = position.row == frame.rows - 1 && position.column + max(1, width) >= frame.columns
        var marginsOff = false
        if lastCell, capabilities.lastCellScrolls {
            // The terminal would scroll the whole sign up one row.
            guard let off = capabilities.marginsOff, capabilities.marginsOn != nil else { return }
            bytes.append(contentsOf: off)
            marginsOff = true
        }
        if cursor != position {
            // The frame is lent to the move only when the few cells between
            // might be rewritten: wrapping it in an optional copies it.
            let rewritable = cursor.map { $0.row == position.row && (1...4).contains(position.column - $0.column) } ?? false
            guard rewritable ? move(to: position, in: frame, resolve: resolve, into: &bytes)
                             : move(to: position, in: nil, into: &bytes) else { return }
        }
        setStyle(resolve(cell), into: &bytes)
        if scalar.value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            var utf8 = lastWritten.utf8
            for _ in 0..<lastWritten.count {
                bytes.append(UInt8(truncatingIfNeeded: utf8))
                utf8 >>= 8
            }
        }
        let next = position.column + width
        cursor = width > 0 && next < frame.columns ? Position(row: position.row, column: next) : nil
        if marginsOff, let on = capabilities.marginsOn { bytes.append(contentsOf: on) }
    }

    /// Appends the shortest way the terminal offers from the cursor to
    /// `target`: nothing, rewriting the few cells between (from `frame`,
    /// when they are in the current style), one right, a column or row
    /// address, or the full address.
    private mutating func move(to target: Position, in frame: FrameModel?, resolve: (PackedCell) -> TerminalStyle = { _ in .normal },
                               into bytes: inout ByteBuffer) -> Bool {
        guard cursor != target else { return true }
        var best: SequenceStore.Reference?
        var bestCount = Int.max
        func consider(_ candidate: SequenceStore.Reference?) {
            if let candidate, Int(candidate.count) < bestCount { (best, bestCount) = (candidate, Int(candidate.count)) }
        }
        var rewrite: (from: Int, count: Int)?
        if let cursor, cursor.row == target.row {
            let gap = target.column - cursor.column
            if gap > 0 {
                if let frame, let length = FramePainter.rewriteLength(frame, row: target.row, from: cursor.column, count: gap,
                                                                      style: style, resolve: resolve) {
                    rewrite = (cursor.column, gap)
                    bestCount = length
                }
                if gap == 1 { consider(cursorRightOne) }
                consider(rightMove(gap))
            }
            consider(columnMove(target.column))
        } else if let cursor, cursor.column == target.column {
            consider(rowMove(target.row))
        }
        // No address is shorter than the one of the first cell (its numbers
        // have the fewest digits): a move found no longer is kept without
        // looking the address up (a cache miss in a table of every cell).
        if bestCount > 3, bestCount > shortestAddress { consider(addressMove(target)) }
        if let best {
            store.append(best, to: &bytes)
        } else if let rewrite, let frame {
            FramePainter.appendCells(of: frame, row: target.row, from: rewrite.from, count: rewrite.count, to: &bytes)
        } else {
            return false
        }
        cursor = target
        return true
    }

    // Each move's sequence: the table's, else the capability's expansion,
    // kept. The table is read first: reading a capability copies it.

    /// `cuf1`.
    private var cursorRightOne: SequenceStore.Reference? {
        mutating get {
            if let known = rightOne.known(at: 0) { return known }
            return rightOne.keep(capabilities.cursorRight, at: 0, in: &store)
        }
    }

    /// `cuf`: `gap` columns right.
    private mutating func rightMove(_ gap: Int) -> SequenceStore.Reference? {
        if let known = rightMoves.known(at: gap) { return known }
        return rightMoves.keep(capabilities.cursorRightBy?.expand(gap), at: gap, in: &store)
    }

    /// `hpa`: to `column` of the cursor's row.
    private mutating func columnMove(_ column: Int) -> SequenceStore.Reference? {
        if let known = columnMoves.known(at: column) { return known }
        return columnMoves.keep(capabilities.columnAddress?.expand(column), at: column, in: &store)
    }

    /// `vpa`: to `row` in the cursor's column.
    private mutating func rowMove(_ row: Int) -> SequenceStore.Reference? {
        if let known = rowMoves.known(at: row) { return known }
        return rowMoves.keep(capabilities.rowAddress?.expand(row), at: row, in: &store)
    }

    /// `cup`: to `target`. The first column's, where every shifted row
    /// starts, in a table of its own that stays in the cache.
    private mutating func addressMove(_ target: Position) -> SequenceStore.Reference? {
        if target.column == 0 {
            if let known = rowStarts.known(at: target.row) { return known }
            return rowStarts.keep(capabilities.cursorAddress.expand(target.row, 0), at: target.row, in: &store)
        }
        let index = target.row * addressColumns + target.column
        if let known = addresses.known(at: index) { return known }
        return addresses.keep(capabilities.cursorAddress.expand(target.row, target.column), at: index, in: &store)
    }

    /// How many bytes the `count` cells of `frame` from `column` are, if
    /// each is one narrow character in `style` (so writing them moves the
    /// cursor as far as a move would, and changes nothing on screen); else
    /// nil. At most a few cells: only a move of a few cells is ever longer.
    private static func rewriteLength(_ frame: FrameModel, row: Int, from column: Int, count: Int, style: TerminalStyle?,
                                      resolve: (PackedCell) -> TerminalStyle) -> Int? {
        guard count <= 4, let style else { return nil }
        var length = 0
        for x in column..<(column + count) {
            let cell = frame.packedCell(row: row, column: x)
            guard !cell.isContinuation, FramePainter.width(of: cell.scalar) == 1,
                  FramePainter.writable(cell.scalar) == cell.scalar, resolve(cell) == style else { return nil }
            length += UTF8.width(cell.scalar)
        }
        return length
    }

    /// Appends the characters of `count` cells of `frame` from `column`
    /// (which `rewriteLength` found can be written as they are).
    private static func appendCells(of frame: FrameModel, row: Int, from column: Int, count: Int, to bytes: inout ByteBuffer) {
        for x in column..<(column + count) {
            Unicode.UTF8.encode(frame.packedCell(row: row, column: x).scalar) { bytes.append($0) }
        }
    }

    /// Appends the change from the terminal's style to `wanted`: only the
    /// colours when the attributes stay and no colour goes back to the
    /// default; otherwise from normal (`sgr0`).
    private mutating func setStyle(_ wanted: TerminalStyle, into bytes: inout ByteBuffer) {
        guard wanted != style else { return }
        if let current = style, current.attributes.isSubset(of: wanted.attributes),
           !(wanted.foreground < 0 && current.foreground >= 0), !(wanted.background < 0 && current.background >= 0) {
            appendAttributes(wanted.attributes.subtracting(current.attributes), into: &bytes)
            appendColors(foreground: wanted.foreground == current.foreground ? -1 : wanted.foreground,
                         background: wanted.background == current.background ? -1 : wanted.background, into: &bytes)
        } else {
            store.append(normal, to: &bytes)
            if style?.hasColor ?? true { store.append(defaultColors, to: &bytes) }
            appendAttributes(wanted.attributes, into: &bytes)
            appendColors(foreground: wanted.foreground, background: wanted.background, into: &bytes)
        }
        style = wanted
    }

    private func appendAttributes(_ attributes: InkColors.Attributes, into bytes: inout ByteBuffer) {
        if attributes.contains(.bold), let bold = capabilities.bold { bytes.append(contentsOf: bold) }
        if attributes.contains(.dim), let dim = capabilities.dim { bytes.append(contentsOf: dim) }
        if attributes.contains(.reverse), let reverse = capabilities.reverse { bytes.append(contentsOf: reverse) }
    }

    private mutating func appendColors(foreground: Int, background: Int, into bytes: inout ByteBuffer) {
        if foreground >= 0, let sequence = colorSequence(foreground, background: false) { store.append(sequence, to: &bytes) }
        if background >= 0, let sequence = colorSequence(background, background: true) { store.append(sequence, to: &bytes) }
    }

    /// A colour's `setaf` (or `setab`) sequence, expanded once: the 256
    /// palette colours in a table (a colour change is then an index, not a
    /// hash, every few cells of a frame), direct colours (24-bit values) by
    /// dictionary.
    private mutating func colorSequence(_ color: Int, background: Bool) -> SequenceStore.Reference? {
        if color < 256, let known = background ? paletteBackgrounds.known(at: color) : paletteForegrounds.known(at: color) {
            return known
        }
        if color >= 256, let known = background ? backgrounds[color] : foregrounds[color] { return known }
        let number = FramePainter.colorNumber(color, bgr: capabilities.foregroundIsBGR)
        guard let sequence = (background ? capabilities.background : capabilities.foreground)?.expand(number) else { return nil }
        if color < 256 {
            return background ? paletteBackgrounds.keep(sequence, at: color, in: &store)
                              : paletteForegrounds.keep(sequence, at: color, in: &store)
        }
        let reference = store.add(sequence)
        if background { backgrounds[color] = reference } else { foregrounds[color] = reference }
        return reference
    }

    /// `setf`/`setb` number the eight colours blue-green-red.
    static func colorNumber(_ color: Int, bgr: Bool) -> Int {
        guard bgr, color < 8 else { return color }
        return (color & 2) | (color & 1) << 2 | (color & 4) >> 2
    }

    /// The terminal's sequence deleting `count` characters: `dch`, else
    /// `count` times `dch1`.
    private mutating func deleteSequence(_ count: Int) -> SequenceStore.Reference? {
        guard count > 0 else { return nil }
        if let known = deletes.known(at: count) { return known }
        if let dch = capabilities.deleteCharacters { return deletes.keep(dch.expand(count), at: count, in: &store) }
        guard let dch1 = capabilities.deleteCharacter else { return nil }
        return deletes.keep(Array(repeating: dch1, count: count).flatMap { $0 }, at: count, in: &store)
    }

    /// What a cell's character is written as: a control character (which
    /// the layout never puts in a cell) as U+FFFD, so no cell can ever send
    /// the terminal a control or the start of an escape sequence.
    @inline(__always)
    static func writable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0) ? "\u{FFFD}" : scalar
    }

    /// The width of `scalar` (beyond ASCII), its UTF-8 bytes kept in
    /// `lastWritten` for `put` to write: measured and encoded once for as
    /// long as the same character is written.
    private mutating func remember(_ scalar: Unicode.Scalar) -> Int {
        if scalar == lastWritten.scalar { return lastWritten.width }
        var utf8: UInt32 = 0, count = 0
        Unicode.UTF8.encode(scalar) { byte in
            utf8 |= UInt32(byte) << (8 * count)
            count += 1
        }
        let width = FramePainter.width(of: scalar)
        lastWritten = (scalar, width, utf8, count)
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
