@testable import MarqueeCore
import Testing
@testable import MarqueeApp
@testable import MarqueeTerminal

/// Colour emoji (docs/display.md, "Colour emoji"): Noto Color Emoji's
/// bitmaps (`fonts-noto-color-emoji`) averaged down to the sign's line box
/// and drawn as LEDs in their own colours at 256 and direct colour; with 8
/// colours or none, their shape lit by alpha in the sign's colour.
@Suite("Colour emoji")
struct ColorEmojiTests {
    static let pizza: Unicode.Scalar = "\u{1F355}"

    static func requireFont() throws {
        let found = try FontMatch.file(for: "Noto Color Emoji")
        try #require(!found.isSubstitute, "fonts-noto-color-emoji is installed (scripts/install-deps.sh test)")
    }

    @Test("🍕 is drawn into the line box asked, its lit LEDs in warm colours of its own, at several sizes")
    func glyph() throws {
        try Self.requireFont()
        for (ascent, descent) in [(9, 2), (18, 4), (40, 10)] {
            let face = ColorEmojiFace(strike: .system, ascent: ascent, descent: descent)
            let glyph = try #require(face.glyph(for: Self.pizza), "🍕 at \(ascent)+\(descent)")
            let colors = try #require(glyph.colors)
            #expect(glyph.ascent == ascent && glyph.descent == descent)
            let height = ascent + descent
            // About square, as the bitmap is, and most of the box tall.
            let inked = glyph.columns.filter { $0 != 0 }.count
            let rows = glyph.columns.reduce(UInt64(0), |).nonzeroBitCount
            #expect(rows * 10 >= height * 6 && abs(inked - rows) <= max(2, height / 4), "\(inked) x \(rows) in \(height)")
            var seen = Set<LEDPixelColor>()
            for x in glyph.columns.indices {
                for row in 0..<height {
                    // Every lit LED has its colour, and only lit ones.
                    #expect(glyph.isLit(x: x, row: row) == (colors[x, row] != nil))
                    if let color = colors[x, row] { seen.insert(color) }
                }
            }
            #expect(seen.count >= 3, "\(seen.count) colours at \(height) rows")
            // Cheese, crust and pepperoni: red over blue on the whole.
            let warm = seen.filter { $0.rgb.red > $0.rgb.blue }.count
            #expect(warm * 2 > seen.count, "\(seen.map(\.rgb))")
        }
    }

    @Test("only what both fonts lack comes from the colour font: letters, digits and CJK do not")
    func fallbackOrder() throws {
        try Self.requireFont()
        let stack = try FontLoader.stack(path: nil)
        #expect(stack.source(for: "PIZZA 42") is LEDFont)
        let chain = try #require(stack.source(for: "PIZZA \u{1F355}") as? FallbackGlyphSource)
        #expect(chain.sources.count == 2 && chain.sources.first is LEDFont && chain.sources.last is ColorEmojiFace)
        #expect(chain.match(for: "P")?.sourceIndex == 0 && chain.match(for: Self.pizza)?.sourceIndex == 1)
        #expect(ColorEmojiFace(strike: .system, ascent: 9, descent: 2).glyph(for: "1") == nil)
    }

    /// The LED inks of a frame of `text` at rest, 100x30.
    static func inks(_ text: String, font: String?, glyphs: TerminalGlyphs, monochrome: Bool = false) throws -> [Ink] {
        var layouts = MessageLayouts(fonts: try FontLoader.stack(path: font))
        var settings = PlayerSettings()
        settings.staticText = true
        settings.glyphs = glyphs
        settings.monochrome = monochrome
        var state = PlayerState(cues: [Cue(text: text)], settings: settings, seed: 1, at: 0)
        _ = state.reduce(.measured(layouts.measure(state, columns: 100, rows: 30)), at: 0)
        let frame = try #require(layouts.changedFrame(state, at: 0, columns: 100, rows: 30, shown: nil).1)
        return (0..<frame.rows).flatMap { row in (0..<frame.columns).map { frame[row, $0].foreground } }
    }

    @Test("a message with 🍕 draws LEDs of the emoji's colours at 256 colours, with the built-in face and an outline font",
          arguments: [nil, "DejaVu Sans"] as [String?])
    func frame(font: String?) throws {
        try Self.requireFont()
        let inks = try Self.inks("HOT \u{1F355}", font: font, glyphs: .standard)
        let pixels = inks.compactMap { ink -> LEDPixelColor? in if case .pixel(let color) = ink { color } else { nil } }
        #expect(pixels.count > 10 && Set(pixels).count >= 3, "\(pixels.count) pixels")
        // The letters stay the sign's colour.
        #expect(inks.contains(.led(.lit, hue: 0)))
        // In the terminal, each is a colour of its own, resolved once per ink.
        let colors = InkColors(depth: .palette256, color: LEDColor.names[0].color)
        let entries = Set(Set(pixels).map { colors.resolve(foreground: .pixel($0), background: .plain).foreground })
        #expect(entries.count >= 3 && !entries.contains(-1))
    }

    @Test("at 8 colours and without colour the emoji is its shape, lit in the sign's colour")
    func fewColours() throws {
        try Self.requireFont()
        let rich = try Self.inks("HOT \u{1F355}", font: nil, glyphs: .standard)
        let pixels = rich.filter { if case .pixel = $0 { true } else { false } }.count
        let lit = { (inks: [Ink]) in inks.filter { $0 == .led(.lit, hue: 0) }.count }
        #expect(pixels > 10)
        for (glyphs, monochrome) in [(TerminalGlyphs(repertoire: .unicode, coarseColor: true), false), (.standard, true)] {
            let few = try Self.inks("HOT \u{1F355}", font: nil, glyphs: glyphs, monochrome: monochrome)
            #expect(!few.contains { if case .pixel = $0 { true } else { false } })
            // The same LEDs lit: the letters' and the emoji's.
            #expect(lit(few) == lit(rich) + pixels, "\(glyphs) monochrome \(monochrome)")
        }
    }

    @Test("a colour ink at each depth: its RGB with true colour, scaled when dimmed, attributes without colour")
    func inkColors() {
        let color = LEDPixelColor(red: 255, green: 128, blue: 0)
        var attributes: InkColors.Attributes = []
        #expect(InkColors(depth: .direct, color: .rainbow).pixelColor(color, attributes: &attributes) == 0xFF8000)
        #expect(InkColors(depth: .direct, color: .rainbow, brightness: 0.5).pixelColor(color, attributes: &attributes) == 0x804000)
        #expect(InkColors(depth: .none, color: .rainbow).pixelColor(color, attributes: &attributes) == -1)
        #expect(XtermPalette.nearestEntry(red: 255, green: 0, blue: 0) == 196)
    }
}
