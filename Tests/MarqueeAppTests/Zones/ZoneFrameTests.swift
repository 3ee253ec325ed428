import MarqueeCore
import Testing
@testable import MarqueeApp

/// A sign with zones as the player draws it (docs/zones.md): every frame
/// `changedFrame` hands the screen — the main sign stepped, a zone kept or
/// stepped — is the frame composed afresh for that moment.
@Suite("Zone frames on the sign")
@MainActor
struct ZoneFrameTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    /// The first row where two frames differ, for a failure's message.
    static func difference(_ one: FrameModel?, _ other: FrameModel) -> String {
        guard let one, one.rows == other.rows, one.columns == other.columns else { return "sizes differ" }
        for row in 0..<one.rows {
            let cells = (0..<one.columns).map { one[row, $0] }, others = (0..<other.columns).map { other[row, $0] }
            if cells != others, let column = cells.indices.first(where: { cells[$0] != others[$0] }) {
                return "row \(row) column \(column): \(cells[column]) vs \(others[column])"
            }
        }
        return "same cells; records differ"
    }

    func sign(_ zones: [String], text: String, reduceMotion: Bool = false, columns: Int, rows: Int) throws -> VirtualSign {
        var settings = PlayerSettings()
        settings.zones = try zones.map { try SignZone(parsing: $0) }
        settings.reduceMotion = reduceMotion
        settings.style = .half
        // Nobody at the keys: the frame is the sign's alone.
        settings.idleTimeout = 0
        // Unlit LEDs a glyph of their own: the frame's text shows the lit ones.
        settings.monochrome = true
        return VirtualSign(cues: [Cue(text: text)], settings: settings, fonts: Self.fonts, columns: columns, rows: rows,
                           wallStart: 1_750_000_000)
    }

    /// `steps`: the zones hold while the main sign scrolls and none is at
    /// the left, so most frames are the main sign's steps carried through
    /// (`ZoneComposer.step`). A left zone turns no panel; a zone that
    /// scrolls, turns or reads the clock changes many frames itself.
    @Test("frame after frame, what the player draws equals a fresh compose, and the screen's copy and diff keep up", arguments: [
        (["left:OPEN"], false), (["right=6:a label too wide for six cells"], false),
        (["bottom@0.5:Today 9-5|Sat 10-4|closed on Sunday"], false),
        (["top:{time:%H:%M:%S}", "left:OPEN", "right:!", "bottom:a long second line that has to scroll round"], false),
        (["right:OPEN"], true), (["top:HI"], true), (["bottom:OPEN", "right:!"], true),
    ])
    func stepsEqualComposes(zones: [String], steps: Bool) throws {
        let sign = try sign(zones, text: "today's specials scroll by, soup and bread", columns: 90, rows: 24)
        var layouts = MessageLayouts(fonts: Self.fonts)
        var shown: MarqueeScene?
        var drawn: FrameModel?
        var changed = 0
        // The screen's copy, kept as the screen keeps it (`follow`: a
        // step's hint taken at its word), and the diff's cells applied to
        // the frame before: both must end at the frame handed over.
        var screen = FrameModel(columns: 0, rows: 0)
        var stepped = 0
        for index in 0..<90 {
            let t = Double(index) / 15
            sign.run(until: t)
            let state = sign.engine.state
            layouts.zones.readWallClock { 1_750_000_000 + t }
            let (scene, frame) = layouts.changedFrame(state, at: t, columns: 90, rows: 24, shown: shown)
            if let frame {
                if let before = drawn {
                    // As a terminal that deletes characters: a row shifted
                    // left from its first column, blanks coming in.
                    var painted = before
                    FrameDiff(from: before, to: frame, canShift: true).forEachRow(in: 0..<frame.rows) { row, shift in
                        guard shift > 0 else { return }
                        for column in 0..<frame.columns {
                            painted[row, column] = column + shift < frame.columns ? before[row, column + shift] : .blank
                        }
                    } cell: { row, column, cell in painted[row, column] = cell }
                    #expect(painted == frame, "\(zones) at \(t): the diff misses \(Self.difference(painted, frame))")
                }
                if frame.step != nil { stepped += 1 }
                screen.follow(frame)
                #expect(screen == frame, "\(zones) at \(t): the screen's copy \(Self.difference(screen, frame))")
                drawn = frame
                shown = scene
                changed += 1
            }
            var fresh = MessageLayouts(fonts: Self.fonts)
            fresh.zones.readWallClock { 1_750_000_000 + t }
            let whole = fresh.frame(state, at: t, columns: 90, rows: 24).frame()
            let same = drawn == whole
            #expect(same, "\(zones) at \(t): \(Self.difference(drawn, whole))")
        }
        #expect(changed > 10, "the sign moved")
        #expect(!steps || stepped > changed / 2, "\(zones): \(stepped) of \(changed) frames stepped")
        if zones.contains(where: { $0.hasPrefix("left") }) { #expect(stepped == 0, "a left zone turns no panel") }
    }

    @Test("motion stopped: zones stand at rest, the start of a long text, and nothing changes")
    func stopped() throws {
        let sign = try sign(["bottom:a long second line that has to scroll round"], text: "hi", reduceMotion: true,
                            columns: 60, rows: 16)
        sign.run(until: 1)
        let first = sign.frame(at: 1)
        sign.run(until: 9)
        let later = sign.frame(at: 9)
        let same = later == first
        #expect(same, "\(Self.difference(first, later))")
        #expect(sign.engine.state.frameTickerID.framesPerSecond == 0)
    }

    @Test("a label and a scrolling line: the label's cells hold still while the line moves")
    func labelHolds() throws {
        let sign = try sign(["left:OPEN"], text: "today's specials scroll by, soup and bread", columns: 80, rows: 12)
        // Once the line has come into view, two seconds apart.
        sign.run(until: 6)
        let first = sign.frame(at: 6).text
        sign.run(until: 8)
        let second = sign.frame(at: 8).text
        let label = { (text: String) in text.split(separator: "\n").map { String($0.prefix(4)) } }
        let one = label(first), two = label(second)
        #expect(one == two)
        #expect(first != second)
        #expect(one.contains { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }, "the label is drawn in LEDs")
    }
}
