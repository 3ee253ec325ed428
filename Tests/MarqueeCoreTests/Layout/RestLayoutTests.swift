import Testing
@testable import MarqueeCore

/// The message at rest: the largest scale at which it fits, wrapped at
/// words, each line centred, a dark LED of margin all round.
@Suite("Rest layout")
struct RestLayoutTests {
    static let shop = "WELCOME TO OUR SHOP"

    static func geometry(_ columns: Int, _ rows: Int, _ style: LEDStyle) -> ScreenGeometry {
        ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: 7, hasCaption: false)
    }

    static func rest(_ text: String, _ geometry: ScreenGeometry, maximumScale: Int? = nil) -> RestLayout? {
        RestLayout(text: text, font: LEDFont.builtIn, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows,
                   maximumScale: maximumScale)
    }

    // Worked by hand from the built-in font (capitals 5 wide and 7 tall,
    // I 3 wide, a space 3, one spacing column each): "ON AIR" is 31 pixel
    // columns of ink, "BUILD OK" 45, "BUILD" 29, "AIR" 15. On a 100x48 LED
    // panel (98x46 inside the margin) "ON AIR" fits on one line at 98/31 = 3
    // (21 rows high); split, "AIR" would allow 6 but two lines of 7 rows
    // with a row between need 15 x scale <= 46, so 3 again, and one line wins.
    @Test("scale and lines for each message, terminal size and style", arguments: [
        ("BUILD OK", 80, 24, LEDStyle.dots, 1, ["BUILD", "OK"]),
        ("ON AIR", 80, 24, .dots, 1, ["ON AIR"]),
        (shop, 80, 24, .dots, 0, []),
        ("BUILD OK", 120, 40, .dots, 2, ["BUILD", "OK"]),
        ("ON AIR", 120, 40, .dots, 2, ["ON", "AIR"]),
        (shop, 120, 40, .dots, 1, ["WELCOME TO", "OUR SHOP"]),
        ("BUILD OK", 200, 50, .dots, 3, ["BUILD", "OK"]),
        ("ON AIR", 200, 50, .dots, 3, ["ON AIR"]),
        (shop, 200, 50, .dots, 2, ["WELCOME", "TO OUR", "SHOP"]),
        ("BUILD OK", 80, 24, .blocks, 1, ["BUILD", "OK"]),
        ("ON AIR", 200, 50, .blocks, 3, ["ON AIR"]),
        ("BUILD OK", 80, 24, .half, 2, ["BUILD", "OK"]),
        ("ON AIR", 80, 24, .half, 2, ["ON AIR"]),
        (shop, 80, 24, .half, 1, ["WELCOME TO", "OUR SHOP"]),
        ("ON AIR", 120, 40, .half, 4, ["ON", "AIR"]),
        (shop, 120, 40, .half, 2, ["WELCOME TO", "OUR SHOP"]),
        ("BUILD OK", 200, 50, .half, 6, ["BUILD", "OK"]),
        (shop, 200, 50, .half, 4, ["WELCOME", "TO OUR", "SHOP"]),
        ("BUILD OK", 80, 24, .braille, 5, ["BUILD", "OK"]),
        (shop, 80, 24, .braille, 3, ["WELCOME", "TO OUR", "SHOP"]),
        ("ON AIR", 120, 40, .braille, 10, ["ON", "AIR"]),
        ("BUILD OK", 200, 50, .braille, 12, ["BUILD", "OK"]),
        (shop, 200, 50, .braille, 8, ["WELCOME", "TO OUR", "SHOP"]),
    ])
    func table(text: String, columns: Int, rows: Int, style: LEDStyle, scale: Int, lines: [String]) throws {
        let geometry = Self.geometry(columns, rows, style)
        guard scale > 0 else {
            #expect(Self.rest(text, geometry) == nil, "too many lines even at scale 1: plain text instead")
            return
        }
        let rest = try #require(Self.rest(text, geometry))
        #expect(rest.scale == scale)
        #expect(rest.lines.map(\.text) == lines)
        #expect(!rest.cut)
        try Self.checkPlacement(rest, geometry)
    }

    /// Every line inside the one-LED margin, centred to the LED, and the
    /// block centred vertically; the composed frame lights nothing outside.
    static func checkPlacement(_ rest: RestLayout, _ geometry: ScreenGeometry) throws {
        let margin = RestLayout.margin
        for line in rest.lines {
            let left = line.start
            let right = geometry.panelColumns - (line.start + line.inkWidth * rest.scale)
            #expect(left >= margin && right >= margin, "\(line.text): margins \(left), \(right)")
            #expect(abs(left - right) <= 1, "\(line.text) centred: \(left) vs \(right)")
        }
        let first = try #require(rest.lines.first)
        let last = try #require(rest.lines.last)
        let top = first.top
        let bottom = geometry.panelRows - (last.top + rest.inkRows.count * rest.scale)
        #expect(top >= margin && bottom >= margin)
        #expect(abs(top - bottom) <= 1)

        // In dots each LED is one cell of two columns: read the lit box back.
        guard geometry.panelRows == geometry.ledAreaRows, geometry.panelColumns * 2 <= geometry.columns else { return }
        let scene = MarqueeScene(geometry: geometry, style: .dots, monochrome: true, messageID: 0, plainText: "", placement: .rest)
        let frame = FrameComposer.compose(scene, layout: first.layout, rest: rest)
        var lit: [(row: Int, column: Int)] = []
        for row in 0..<geometry.panelRows {
            for column in 0..<geometry.panelColumns where frame[row, column * 2].scalar == "●" {
                lit.append((row, column))
            }
        }
        #expect(!lit.isEmpty)
        #expect(lit.allSatisfy { $0.row >= margin && $0.row < geometry.panelRows - margin })
        #expect(lit.allSatisfy { $0.column >= margin && $0.column < geometry.panelColumns - margin })
    }

    @Test("a larger scale never fits: the chosen one is the largest")
    func largest() throws {
        for (text, columns, rows, style) in [("ON AIR", 200, 50, LEDStyle.dots), ("BUILD OK", 120, 40, .half), (Self.shop, 200, 50, .braille)] {
            let geometry = Self.geometry(columns, rows, style)
            let rest = try #require(Self.rest(text, geometry))
            // Asking for exactly one more, by hand, must come back smaller.
            let forced = Self.rest(text, geometry, maximumScale: rest.scale + 1)
            #expect(forced?.scale == rest.scale)
        }
    }

    @Test("--scale caps the size, and the message still wraps to fit")
    func scaleCap() throws {
        let geometry = Self.geometry(200, 50, .dots)
        let rest = try #require(Self.rest("BUILD OK", geometry, maximumScale: 1))
        #expect(rest.scale == 1)
        #expect(rest.lines.map(\.text) == ["BUILD OK"])
    }

    @Test("only a single word too wide at scale 1 is cut, on its own line, inside the margin")
    func cutWord() throws {
        let geometry = Self.geometry(40, 24, .dots)   // 20 LEDs wide: 18 inside the margin
        let rest = try #require(Self.rest("ABCDEFGHIJ OK", geometry))
        #expect(rest.scale == 1)
        #expect(rest.cut)
        #expect(rest.lines.map(\.text) == ["ABCDEFGHIJ", "OK"])
        #expect(rest.lines[0].start == RestLayout.margin)
        let fitting = try #require(Self.rest("ABC OK", geometry))
        #expect(!fitting.cut)
    }

    @Test("hostile and empty messages do not crash", arguments: [
        "", " ", "     ", String(repeating: "A ", count: 5_000), String(repeating: "W", count: 20_000), "\u{301}\u{301}",
    ])
    func hostile(text: String) {
        for (columns, rows) in [(1, 1), (2, 3), (80, 24), (300, 80)] {
            let geometry = Self.geometry(columns, rows, .dots)
            let rest = Self.rest(text, geometry)
            if let rest {
                #expect(rest.scale >= 1)
                #expect(rest.lines.allSatisfy { $0.start >= RestLayout.margin })
            }
        }
    }

    @Test("lines keep one baseline: every line shows the message's ink rows")
    func baseline() throws {
        let geometry = Self.geometry(60, 40, .dots)
        let rest = try #require(Self.rest("AB CD", geometry, maximumScale: 4))
        #expect(rest.lines.count == 2)
        let tops = rest.lines.map(\.top)
        #expect(tops[1] - tops[0] == (rest.inkRows.count + 1) * rest.scale)
        #expect(rest.fontRow(atPanelRow: tops[0])?.line == 0)
        #expect(rest.fontRow(atPanelRow: tops[1])?.line == 1)
        #expect(rest.fontRow(atPanelRow: tops[0])?.fontRow == rest.inkRows.lowerBound)
        #expect(rest.fontRow(atPanelRow: tops[1] - 1) == nil, "the gap between lines is dark")
    }
}
