import CNcursesw
import Glibc
import MarqueeCore

/// Draws the rows of a scroll step on the terminal itself, bypassing
/// ncurses' update: for each shifted row a cursor move and a delete-character
/// sequence, then only the cells coming into view, with cursor moves and
/// colour changes built once from terminfo and kept. ncurses' record of the
/// screen is moved the same way (`lm_shift_line_records`, `lm_commit_line`),
/// so it compares and writes nothing on those rows; its own update would
/// compare every cell of every changed row and work out each cursor move
/// afresh, which was half of a scrolling frame's instructions.
///
/// The bytes are wrapped in save/restore cursor and end in normal
/// attributes, which is where ncurses left the terminal (an update ends in
/// normal attributes), so ncurses' idea of the cursor and attributes stays
/// true without telling it anything.
@MainActor
final class DirectRowWriter {
    private let output: UnsafeMutablePointer<FILE>
    private let save: [UInt8]
    private let restore: [UInt8]
    private let cursorAddress: String
    private let columnAddress: String?
    private let rowAddress: String?
    private let cursorRight: [UInt8]?
    private let normal: [UInt8]
    private let defaultColors: [UInt8]
    private let bold: [UInt8]?
    private let dim: [UInt8]?
    private let reverse: [UInt8]?
    private let foregroundCap: String?
    private let backgroundCap: String?
    // Expanded sequences by their parameter. Read for every row and cell
    // written, so without the runtime's exclusivity check (only this
    // main-actor object touches them, never re-entrantly).
    @exclusivity(unchecked) private var addresses = SequenceTable()
    /// Row stride of `addresses` (the terminal's width when it was filled).
    private var addressColumns = 0
    @exclusivity(unchecked) private var columnMoves = SequenceTable()
    @exclusivity(unchecked) private var rowMoves = SequenceTable()
    @exclusivity(unchecked) private var foregrounds: [Int: [UInt8]] = [:]
    @exclusivity(unchecked) private var backgrounds: [Int: [UInt8]] = [:]
    @exclusivity(unchecked) private var bytes: [UInt8] = []

    private struct Style: Equatable {
        var attributes: InkColors.Attributes
        var foreground: Int
        var background: Int
        static let normal = Style(attributes: [], foreground: -1, background: -1)
    }

    /// Nil when the terminal lacks what this needs (save and restore
    /// cursor, cursor addressing, sgr0), or ncurses' line records do not
    /// read as expected: then `Screen` shifts rows through ncurses.
    init?(output: UnsafeMutablePointer<FILE>) {
        func string(_ name: String) -> String? { lm_terminal_string(name).map { String(cString: $0) } }
        guard let save = string("sc"), let restore = string("rc"), let cup = string("cup"), let sgr0 = string("sgr0"),
              lm_line_records_work() != 0 else { return nil }
        self.output = output
        self.save = Array(save.utf8)
        self.restore = Array(restore.utf8)
        cursorAddress = cup
        columnAddress = string("hpa")
        rowAddress = string("vpa")
        cursorRight = string("cuf1").map { Array($0.utf8) }
        normal = Array(sgr0.utf8)
        // ECMA-48's SGR 0 resets the colours too; other terminals get op after it.
        let resetsColors = sgr0.hasPrefix("\u{1B}[m") || sgr0.hasPrefix("\u{1B}[0m")
        defaultColors = resetsColors ? [] : string("op").map { Array($0.utf8) } ?? []
        bold = string("bold").map { Array($0.utf8) }
        dim = string("dim").map { Array($0.utf8) }
        reverse = string("rev").map { Array($0.utf8) }
        foregroundCap = string("setaf")
        backgroundCap = string("setab")
    }

    /// Whether `cell` can be written directly: one column wide, so the
    /// cursor's column after it is known.
    static func canWrite(_ cell: Cell) -> Bool {
        wcwidth(wchar_t(truncatingIfNeeded: cell.scalar.value)) == 1
    }

    /// Writes the shifts (each row `shift` cells left, by `delete`) and then
    /// `cells` (row by row, left to right; every one `canWrite`), each in
    /// the colours and attributes `shown` says ncurses would give it.
    /// Returns false, having written nothing, when a sequence cannot be built.
    func write(rows shifted: [Int], delete: [CChar], cells: [(row: Int, column: Int, cell: Cell)], columns: Int,
               shown: (Cell) -> InkColors.Resolved) -> Bool {
        if columns != addressColumns {
            addresses = SequenceTable()
            addressColumns = columns
        }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: save)
        let deleteBytes = delete.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        // The cursor, nil while unknown (after the last column it waits to wrap).
        var cursor: (row: Int, column: Int)?
        for row in shifted {
            guard move(from: cursor, to: (row, 0)) else { return false }
            bytes.append(contentsOf: deleteBytes)
            cursor = (row, 0)
        }
        var current = Style.normal
        for (row, column, cell) in cells {
            guard move(from: cursor, to: (row, column)) else { return false }
            let resolved = shown(cell)
            let style = Style(attributes: resolved.attributes, foreground: resolved.foreground, background: resolved.background)
            if style != current {
                change(from: current, to: style)
                current = style
            }
            Unicode.UTF8.encode(cell.scalar) { bytes.append($0) }
            cursor = column + 1 < columns ? (row, column + 1) : nil
        }
        if current != .normal {
            bytes.append(contentsOf: normal)
            if current.foreground >= 0 || current.background >= 0 { bytes.append(contentsOf: defaultColors) }
        }
        bytes.append(contentsOf: restore)
        bytes.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
        return true
    }

    /// Appends the shortest of the moves ncurses itself picks for these
    /// steps: none, one right, a column or row address, else the full address.
    private func move(from cursor: (row: Int, column: Int)?, to target: (row: Int, column: Int)) -> Bool {
        if let cursor, cursor.row == target.row {
            if cursor.column == target.column { return true }
            if target.column == cursor.column + 1, let cursorRight {
                bytes.append(contentsOf: cursorRight)
                return true
            }
            if let cap = columnAddress, let sequence = columnMoves.sequence(at: target.column, { lm_tiparm1(cap, Int32(target.column)) }) {
                bytes.append(contentsOf: sequence)
                return true
            }
        } else if let cursor, cursor.column == target.column, let cap = rowAddress,
                  let sequence = rowMoves.sequence(at: target.row, { lm_tiparm1(cap, Int32(target.row)) }) {
            bytes.append(contentsOf: sequence)
            return true
        }
        let cup = cursorAddress
        guard let sequence = addresses.sequence(at: target.row * addressColumns + target.column,
                                                { lm_tiparm2(cup, Int32(target.row), Int32(target.column)) }) else { return false }
        bytes.append(contentsOf: sequence)
        return true
    }

    private func cached(_ table: inout [Int: [UInt8]], key: Int, _ expand: (() -> UnsafePointer<CChar>?)?) -> [UInt8]? {
        if let known = table[key] { return known }
        guard let expand, let text = expand() else { return nil }
        let sequence = Array(String(cString: text).utf8)
        table[key] = sequence
        return sequence
    }

    /// Only the colours when the attributes stay and no colour goes back to
    /// the default; otherwise from normal.
    private func change(from current: Style, to style: Style) {
        if current.attributes != style.attributes || (style.foreground < 0 && current.foreground >= 0)
            || (style.background < 0 && current.background >= 0) {
            bytes.append(contentsOf: normal)
            if current.foreground >= 0 || current.background >= 0 { bytes.append(contentsOf: defaultColors) }
            if style.attributes.contains(.bold), let bold { bytes.append(contentsOf: bold) }
            if style.attributes.contains(.dim), let dim { bytes.append(contentsOf: dim) }
            if style.attributes.contains(.reverse), let reverse { bytes.append(contentsOf: reverse) }
            appendColors(foreground: style.foreground, background: style.background)
        } else {
            appendColors(foreground: style.foreground == current.foreground ? -1 : style.foreground,
                         background: style.background == current.background ? -1 : style.background)
        }
    }

    private func appendColors(foreground: Int, background: Int) {
        if foreground >= 0, let sequence = cached(&foregrounds, key: foreground,
                                                  foregroundCap.map { cap in { lm_tiparm1(cap, Int32(foreground)) } }) {
            bytes.append(contentsOf: sequence)
        }
        if background >= 0, let sequence = cached(&backgrounds, key: background,
                                                  backgroundCap.map { cap in { lm_tiparm1(cap, Int32(background)) } }) {
            bytes.append(contentsOf: sequence)
        }
    }
}

/// Terminal sequences expanded once, by a small dense parameter (a row, a
/// column, or row × width + column).
private struct SequenceTable {
    private var entries: [[UInt8]?] = []

    /// The sequence for `index`, expanding it on first use; nil when the
    /// capability gives nothing.
    mutating func sequence(at index: Int, _ expand: () -> UnsafePointer<CChar>?) -> [UInt8]? {
        if index >= 0, index < entries.count, let known = entries[index] { return known }
        guard index >= 0, let text = expand() else { return nil }
        if index >= entries.count { entries += Array(repeating: nil, count: index + 1 - entries.count) }
        let sequence = Array(String(cString: text).utf8)
        entries[index] = sequence
        return sequence
    }
}
