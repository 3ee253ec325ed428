import MarqueeCore
import Testing
@testable import MarqueeTerminal

@Suite("Key decoding")
struct KeyDecoderTests {
    @Test("bytes become keys", arguments: [
        ([UInt8](" q?".utf8), [Key.character(" "), .character("q"), .character("?")]),
        ([0x1B, 0x5B, 0x43], [.right]),
        ([0x1B, 0x5B, 0x44], [.left]),
        ([0x1B, 0x4F, 0x41], [.up]),
        ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], [.right]),
        ([0x03], [.interrupt]),
        ([0xC3, 0xA9], [.character("é")]),
        ([0x1B, 0x5B, 0x32, 0x7E], [.unknown]),
        ([0xFF, 0x71], [.unknown, .character("q")]),
        ([0x1B, 0x71], [.escape, .character("q")]),
    ])
    func decode(bytes: [UInt8], keys: [Key]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes) + decoder.flush() == keys)
    }

    @Test("a lone Esc waits for more bytes, then is Esc when none come")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test("a sequence split across reads is joined")
    func splitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.feed([0x43]) == [.right])
        #expect(decoder.feed([0xE6]).isEmpty)
        #expect(decoder.feed([0x97, 0xA5]) == [.character("日")])
    }

    @Test("a runaway escape sequence does not swallow input forever")
    func runaway() {
        var decoder = KeyDecoder()
        let keys = decoder.feed([0x1B, 0x5B] + Array(repeating: UInt8(0x30), count: 100) + Array("q".utf8))
        #expect(keys.last == .character("q"))
    }
}

@Suite("Colours")
struct ColorTests {
    @Test("xterm palette nearest entries", arguments: [
        ((255, 0, 0), 196), ((95, 0, 0), 52), ((135, 0, 0), 88), ((0, 0, 0), 16), ((255, 255, 255), 231), ((128, 128, 128), 244),
    ])
    func nearest(rgb: (Int, Int, Int), index: Int) {
        #expect(XtermPalette.nearest(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2)) == index)
    }

    @Test("a 256-colour red LED ramps 52, 88, 124, 160, 196")
    func redRamp() {
        let colors = InkColors(depth: .palette256, color: .solid(red: 255, green: 0, blue: 0))
        let ramp = LEDShade.allCases.map { colors.resolve(foreground: .led($0, hue: 0), background: .plain).foreground }
        #expect(ramp == [52, 88, 124, 160, 196])
    }

    @Test("true colour keeps the hue; unlit is dark but not black")
    func direct() {
        let colors = InkColors(depth: .direct, color: .solid(red: 255, green: 170, blue: 0))
        let lit = colors.resolve(foreground: .led(.lit, hue: 0), background: .plain).foreground
        let unlit = colors.resolve(foreground: .led(.unlit, hue: 0), background: .plain).foreground
        #expect(lit == 0xFFAA00)
        #expect(unlit > 0 && unlit >> 16 < 0x50)
    }

    @Test("without colour, shades become attributes")
    func monochrome() {
        let colors = InkColors(depth: .none, color: .rainbow)
        #expect(colors.resolve(foreground: .led(.lit, hue: 3), background: .plain) == .init(foreground: -1, background: -1, attributes: .bold))
        #expect(colors.resolve(foreground: .led(.unlit, hue: 3), background: .plain).attributes == .dim)
    }

    @Test("colour depth follows NO_COLOR, terminfo and COLORTERM", arguments: [
        (["NO_COLOR": "1"], 256, ColorDepth.none),
        (["NO_COLOR": ""], 256, .palette256),
        ([:], 8, .eight),
        ([:], 0, .none),
        (["COLORTERM": "truecolor"], 0x1000000, .direct),
        (["COLORTERM": "truecolor"], 256, .palette256),
    ])
    func depth(environment: [String: String], colors: Int, expected: ColorDepth) {
        #expect(ColorDepth.detect(environment: environment, terminfoColors: colors) == expected)
    }

    @Test("the direct-colour sibling of a terminal type")
    func directVariant() {
        #expect(ColorDepth.directVariant(of: "xterm-256color") == "xterm-direct")
        #expect(ColorDepth.directVariant(of: "tmux-256color") == "tmux-direct")
        #expect(ColorDepth.directVariant(of: "xterm-direct") == nil)
    }

    @Test("colour names and #RRGGBB parse; junk does not", arguments: [
        ("red", true), ("RAINBOW", true), ("#FFA500", true), ("#ffa500", true), ("#FFA50", false), ("#GGGGGG", false),
        ("", false), ("purple", false), ("#FFA5000", false), ("FFA500", false),
    ])
    func parseColor(text: String, valid: Bool) {
        #expect((LEDColor(parsing: text) != nil) == valid)
    }
}

@Suite("Ink codes")
struct InkCodeTests {
    @Test("every ink has its own code below codeCount")
    func dense() {
        var inks: [Ink] = [.plain]
        for shade in LEDShade.allCases {
            for hue in 0..<MarqueeScene.rainbowHues { inks.append(.led(shade, hue: UInt8(hue))) }
        }
        inks += [.text(.normal), .text(.dim), .text(.bright)]
        let codes = inks.map(\.code)
        #expect(Set(codes).count == inks.count)
        #expect(codes.allSatisfy { $0 >= 0 && $0 < Ink.codeCount })
        #expect(inks.count == Ink.codeCount)
    }
}
