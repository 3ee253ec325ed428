import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// The bytes `FramePainter` writes for a frame, from real terminfo entries
/// (ncurses-base's `xterm-256color`, `linux` and `ansi`). ncurses keeps the
/// loaded entry in one global, so the suite is serialized and main-actor
/// bound, like `Screen`.
@Suite("Frame painter", .serialized)
@MainActor
struct FramePainterTests {
    static let esc = "\u{1B}"

    /// Paints `new` over `old` on `term` and gives the bytes as text.
    static func paint(_ new: FrameModel, over old: FrameModel?, term: String = "xterm-256color",
                      painter existing: FramePainter? = nil) throws -> (text: String, painter: FramePainter) {
        let entry = try TerminfoEntry.load(term)
        defer { entry.release() }
        let capabilities = try #require(TerminalCapabilities(entry))
        var painter = existing ?? FramePainter(capabilities: capabilities)
        let colors = InkColors(depth: .palette256, color: LEDColor(parsing: "red")!)
        var bytes = ByteBuffer()
        var diff = FrameDiff(from: old, to: new, canShift: capabilities.canDeleteCharacters)
        if diff.shift > 0, !painter.canShift(by: diff.shift) { diff = FrameDiff(from: old, to: new, canShift: false) }
        _ = painter.paint(diff, resolve: { TerminalStyle(colors.resolve(foreground: $0.cell.foreground, background: $0.cell.background),
                                                         on: capabilities) }, into: &bytes)
        return (String(decoding: bytes.bytes, as: UTF8.self), painter)
    }

    static func frame(_ rows: [String], columns: Int) -> FrameModel {
        var frame = FrameModel(columns: columns, rows: rows.count)
        for (row, text) in rows.enumerated() {
            for (column, scalar) in text.unicodeScalars.enumerated() where column < columns {
                frame[row, column] = Cell(scalar)
            }
        }
        return frame
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() throws {
        let frame = Self.frame(["HELLO", "WORLD"], columns: 10)
        #expect(try Self.paint(frame, over: frame).text.isEmpty)
    }

    @Test("one changed cell is one address and the character, in normal attributes")
    func oneCell() throws {
        let old = Self.frame(["HELLO", "WORLD"], columns: 10)
        let new = Self.frame(["HELLO", "WORLX"], columns: 10)
        let text = try Self.paint(new, over: old).text
        // cup row 2 col 5; the style is unknown at first: sgr0 (xterm's resets colours too).
        #expect(text == "\(Self.esc)[2;5H\(Self.esc)(B\(Self.esc)[mX", "\(text.debugDescription)")
    }

    @Test("cells a few columns apart in one style are joined by rewriting what is between, not by moves")
    func nearbyCells() throws {
        let old = Self.frame(["ABCDEFGH"], columns: 10)
        let new = Self.frame(["xBCyEFGH"], columns: 10)
        let text = try Self.paint(new, over: old).text
        #expect(text.hasPrefix("\(Self.esc)[1;1H") && text.hasSuffix("mxBCy"), "\(text.debugDescription)")
    }

    @Test("a control character in a cell is written as U+FFFD")
    func controlCharacter() throws {
        let old = Self.frame(["ABC"], columns: 5)
        var new = old
        new[0, 1] = Cell("\u{1B}")
        let text = try Self.paint(new, over: old).text
        #expect(!text.dropFirst(8).contains("\u{1B}[1;2H\u{1B}"))
        #expect(text.hasSuffix("\u{FFFD}"), "\(text.debugDescription)")
    }

    @Test("on a terminal whose last cell scrolls (am without xenl, no rmam), the bottom-right cell is not written")
    func lastCellOnAnsi() throws {
        let old = Self.frame(["....", "...."], columns: 4)
        let new = Self.frame(["....", "...X"], columns: 4)
        #expect(try !Self.paint(new, over: old, term: "ansi").text.contains("X"))
        // xterm has xenl: the cell is written, and the cursor is unknown after it.
        let (text, painter) = try Self.paint(new, over: old)
        #expect(text.hasSuffix("X") && painter.cursor == nil)
    }

    @Test("setf and setb number the eight colours blue first")
    func bgrOrder() {
        #expect((0..<8).map { FramePainter.colorNumber($0, bgr: true) } == [0, 4, 2, 6, 1, 5, 3, 7])
        #expect(FramePainter.colorNumber(196, bgr: true) == 196)
        #expect(FramePainter.colorNumber(1, bgr: false) == 1)
    }

    @Test("on the Linux console dim is left off coloured cells (ncv), as ncurses does")
    func noColorVideo() throws {
        let entry = try TerminfoEntry.load("linux")
        defer { entry.release() }
        let capabilities = try #require(TerminalCapabilities(entry))
        let dimRed = InkColors.Resolved(foreground: 1, background: -1, attributes: .dim)
        #expect(TerminalStyle(dimRed, on: capabilities).attributes.isEmpty)
        let dimPlain = InkColors.Resolved(foreground: -1, background: -1, attributes: .dim)
        #expect(TerminalStyle(dimPlain, on: capabilities).attributes == .dim)
    }

    @Test("a terminal without cursor addressing has no capabilities to draw with")
    func noCursorAddressing() throws {
        let entry = try TerminfoEntry.load("dumb")
        defer { entry.release() }
        #expect(TerminalCapabilities(entry) == nil)
    }

    @Test("an unknown terminal is an error, not a crash")
    func unknown() {
        #expect(throws: TerminfoEntry.Failure.unknown("no-such-terminal-unit")) {
            try TerminfoEntry.load("no-such-terminal-unit")
        }
    }
}
