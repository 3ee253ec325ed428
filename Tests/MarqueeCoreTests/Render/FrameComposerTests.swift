import Testing
@testable import MarqueeCore

@Suite("Frame composition")
struct FrameComposerTests {
    let layout = TextLayout(text: "HI", font: LEDFont.builtIn)

    func scene(columns: Int, rows: Int, style: LEDStyle = .dots, placement: MarqueeScene.Placement = .rest,
               monochrome: Bool = true, caption: String? = nil) -> MarqueeScene {
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: layout.inkRows.count, hasCaption: caption != nil)
        return MarqueeScene(geometry: geometry, style: style, monochrome: monochrome, messageID: 0, plainText: "HI",
                            placement: placement, caption: caption.map { TerminalLine($0) })
    }

    /// The frame as the player draws it: at rest with the message's rest layout.
    func compose(_ scene: MarqueeScene) -> FrameModel {
        let rest = RestLayout(text: "HI", font: LEDFont.builtIn, panelColumns: scene.geometry.panelColumns,
                              panelRows: scene.geometry.panelRows)
        return FrameComposer.compose(scene, layout: layout, rest: rest)
    }

    @Test("the text scales to fill most of the height", arguments: [
        (LEDStyle.dots, 50, 4), (.dots, 30, 2), (.half, 50, 8), (.braille, 30, 10), (.blocks, 14, 1), (.dots, 12, 0),
    ])
    func scale(style: LEDStyle, rows: Int, expected: Int) {
        let geometry = ScreenGeometry(columns: 200, rows: rows, style: style, lineHeight: 11, hasCaption: false)
        #expect(geometry.scale == expected)
        if expected > 0 {
            #expect(geometry.panelRows - 11 * expected < 11 * style.ledRowsPerCell + 11)
        }
    }

    @Test("dots: lit LEDs are ● and the unlit grid is · without colour")
    func dotsMonochrome() {
        let frame = compose(scene(columns: 60, rows: 14))
        let text = frame.text
        #expect(text.contains("●"))
        #expect(text.contains("·"))
        // 'H' has a full-height left stem: 7 lit rows in one LED column.
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        let litCounts = rows.map { $0.filter { $0 == "●" }.count }
        #expect(litCounts.filter { $0 > 0 }.count == 7)
    }

    @Test("in colour, unlit LEDs are the same glyph in the unlit shade")
    func dotsColour() {
        let frame = compose(scene(columns: 60, rows: 14, monochrome: false))
        let shades = Set(frame.cells.compactMap { cell -> LEDShade? in
            if case let .led(shade, _) = cell.foreground { return shade }
            return nil
        })
        #expect(shades == [.lit, .unlit])
        #expect(!frame.text.contains("·"))
    }

    @Test("scrolling moves the text left as the offset grows")
    func scrolling() throws {
        let early = compose(scene(columns: 60, rows: 14, placement: .scrolling(ledOffset: 12)))
        let later = compose(scene(columns: 60, rows: 14, placement: .scrolling(ledOffset: 14)))
        func firstLitColumn(_ frame: FrameModel) -> Int? {
            (0..<frame.columns).first { column in (0..<frame.rows).contains { frame[$0, column].scalar == "●" } }
        }
        let a = try #require(firstLitColumn(early))
        let b = try #require(firstLitColumn(later))
        // Scale 1, two cells per LED: the start is the panel's right edge
        // (30 LEDs) minus the offset, in cells.
        #expect(a == (30 - 12) * 2)
        #expect(b == a - 4)
    }

    @Test("the text enters at the right edge and comes round again")
    func wrapAround() {
        let s = scene(columns: 60, rows: 14, placement: .scrolling(ledOffset: 0))
        #expect(FrameComposer.textStart(s, textWidth: layout.width) == s.geometry.panelColumns)
        let period = s.geometry.panelColumns + layout.width * s.geometry.scale
        let wrapped = scene(columns: 60, rows: 14, placement: .scrolling(ledOffset: period + 5))
        #expect(FrameComposer.textStart(wrapped, textWidth: layout.width) == s.geometry.panelColumns - 5)
        let backwards = scene(columns: 60, rows: 14, placement: .scrolling(ledOffset: -1))
        #expect(FrameComposer.textStart(backwards, textWidth: layout.width) == -layout.width * s.geometry.scale + 1)
    }

    @Test("a terminal too small for LEDs shows plain text; 1x1 and 0x0 do not crash", arguments: [
        (20, 5), (1, 1), (0, 0), (2, 1), (3, 40),
    ])
    func tinyTerminals(columns: Int, rows: Int) {
        let frame = compose(scene(columns: columns, rows: rows))
        #expect(frame.columns == columns && frame.rows == rows)
        if columns == 20 { #expect(frame.text.contains("HI")) }
    }

    @Test("every style draws lit LEDs", arguments: LEDStyle.allCases)
    func styles(style: LEDStyle) {
        let frame = compose(scene(columns: 80, rows: 30, style: style))
        let litCells = frame.cells.filter { $0.scalar != " " && $0.scalar != "·" && $0.scalar != "░" }
        #expect(!litCells.isEmpty)
    }

    @Test("captions and wide characters are placed on their row")
    func captionRow() throws {
        var s = scene(columns: 40, rows: 20, caption: "日本 caption")
        s.caption = "日本 caption"
        let frame = compose(s)
        let row = try #require(s.geometry.captionRow)
        #expect(frame.text.split(separator: "\n", omittingEmptySubsequences: false)[row].contains("日本 caption"))
    }
}

@Suite("Entry position")
struct EntryPositionTests {
    @Test("a rotating flow's message starts in view: centred when it fits, then scrolls and wraps")
    func inView() {
        let layout = TextLayout(text: "HI", font: LEDFont.builtIn)
        let geometry = ScreenGeometry(columns: 60, rows: 14, style: .dots, lineHeight: layout.inkRows.count, hasCaption: false)
        func start(_ offset: Int) -> Int {
            let scene = MarqueeScene(geometry: geometry, style: .dots, monochrome: true, messageID: 0, plainText: "HI",
                                     placement: .scrolling(ledOffset: offset, entry: .inView))
            return FrameComposer.textStart(scene, textWidth: layout.width)
        }
        let centred = (geometry.panelColumns - layout.width * geometry.scale) / 2
        #expect(start(0) == centred)
        #expect(start(3) == centred - 3)
        // Once fully gone on the left it comes back at the right edge.
        let period = geometry.panelColumns + layout.width * geometry.scale
        #expect(start(centred + layout.width * geometry.scale) == geometry.panelColumns)
        #expect(start(period) == centred)
    }
}
