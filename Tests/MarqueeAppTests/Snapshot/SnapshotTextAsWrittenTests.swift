import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// Draws four Hebrew letters with the LED font's Latin capitals (ש as S,
/// ל as L, ו as V, ם as M) and Latin as itself, so a frame shows which
/// letter went where.
private struct HebrewAsLatin: GlyphSource {
    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        let stand: [Unicode.Scalar: Unicode.Scalar] = ["ש": "S", "ל": "L", "ו": "V", "ם": "M"]
        return LEDFont.builtIn.glyph(for: stand[scalar] ?? scalar)
    }
}

@Suite("Snapshot: text as written")
@MainActor
struct SnapshotTextAsWrittenTests {
    static func frame(_ text: String, fonts: FontStack, style: LEDStyle = .dots) -> String {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.style = style
        return Snapshot.render(cues: [Cue(text: text)], settings: settings, fonts: fonts, columns: 60, rows: 24, at: 0)
    }

    @Test("שלום is drawn right to left: the frame reads M V L S")
    func hebrewOrder() {
        let fonts = FontStack(primary: HebrewAsLatin(), primaryIsBuiltIn: false, fallback: nil)
        let hebrew = Self.frame("שלום", fonts: fonts)
        #expect(hebrew == Self.frame("MVLS", fonts: fonts))
        #expect(hebrew != Self.frame("SLVM", fonts: fonts))
        let mixed = Self.frame("ON שלום", fonts: fonts)
        let latin = Self.frame("ON MVLS", fonts: fonts)
        #expect(mixed == latin, "\(mixed)\n----\n\(latin)")
    }

    @Test("Hebrew and Arabic draw from the system Unifont with no box",
          .enabled(if: FileManager.default.isReadableFile(atPath: "/usr/share/unifont/unifont.hex"),
                   "the unifont package is not installed: skipped"),
          arguments: ["שלום", "سلام", "ON AIR שלום 123", "q\u{301}"])
    func systemFonts(text: String) throws {
        let fonts = try FontLoader.stack(path: nil)
        #expect(!fonts.covers(text))
        let layout = TextLayout(text: text, font: fonts.source(for: text))
        #expect(!layout.usedPlaceholder)
        #expect(layout.height == 16)
        // Half blocks: two LED rows a terminal row, so 16 rows fit.
        let lit = Self.frame(text, fonts: fonts, style: .half).split(separator: "\n").filter {
            $0.contains("█") || $0.contains("▀") || $0.contains("▄")
        }
        #expect(lit.count >= 5)
    }
}
