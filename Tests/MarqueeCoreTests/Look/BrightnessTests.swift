import Testing
@testable import MarqueeCore

/// `Brightness` as typed and as JSON carries it (docs/display.md,
/// "Brightness"): a whole percentage from 1 to 100, everything else refused.
@Suite("Brightness values")
struct BrightnessTests {
    @Test("typed: digits, optionally with %, spaces around ignored", arguments: [
        ("100", 100), ("40", 40), ("1", 1), ("40%", 40), (" 7 ", 7), ("040", 40), ("0100", 100), ("100%", 100),
    ])
    func parses(text: String, percent: Int) {
        #expect(Brightness(parsing: text)?.percent == percent)
    }

    @Test("typed: anything else is refused", arguments: [
        "0", "101", "-5", "+40", "40.5", "0.4", "4e1", "abc", "", " ", "%", "40 %", "40%%", "１００", "99999999999999999999999",
        "1000", "0x10", "40\u{0}", "nan", "inf", "٤٠",
    ])
    func refuses(text: String) {
        #expect(Brightness(parsing: text) == nil, "\(text)")
    }

    @Test("JSON: a whole number from 1 to 100; a fraction, NaN, infinities and the rest refused")
    func numbers() {
        #expect(Brightness(number: 40)?.percent == 40 && Brightness(number: 1)?.percent == 1 && Brightness(number: 100)?.percent == 100)
        for number in [0, 101, -1, 0.4, 40.5, 1e308, -1e308, .nan, .infinity, -.infinity, 100.0000001, Double(Int.max)] {
            #expect(Brightness(number: number) == nil, "\(number)")
        }
    }

    @Test("the level is the percentage over 100; the default is full; order is by percentage")
    func level() {
        #expect(Brightness.full.percent == 100 && Brightness.full.level == 1)
        #expect(Brightness(percent: 40)!.level == 0.4 && Brightness(percent: 40)!.text == "40")
        #expect(Brightness(percent: 0) == nil && Brightness(percent: 101) == nil)
        #expect(Brightness(percent: 20)! < Brightness(percent: 40)!)
        #expect(PlayerSettings().brightness == .full)
    }
}
