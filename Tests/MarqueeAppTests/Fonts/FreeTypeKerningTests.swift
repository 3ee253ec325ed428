import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp
import TestSupport

/// Pair kerning of fonts drawn by FreeType (docs/display.md, "Fonts"): the
/// font's `kern` table, or its GPOS table through HarfBuzz, in whole LEDs,
/// applied when a message is laid out.
@Suite("FreeType kerning")
struct FreeTypeKerningTests {
    /// fonts-dejavu-core, which fontconfig's configuration package brings.
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuInstalled = FileManager.default.fileExists(atPath: dejaVuPath)

    /// The width of `text` laid out, and the sum of its glyphs' advances.
    static func widths(_ text: String, _ face: FreeTypeFace) -> (kerned: Int, unkerned: Int) {
        let advances = text.unicodeScalars.map { face.glyph(for: $0)?.advance ?? 0 }
        return (TextLayout(text: text, font: face).width, advances.reduce(0, +))
    }

    @Test("the test font's AV and To are set closer, as its kern table says; V A too")
    func fixture() throws {
        let face = try FreeTypeFace(path: FixturePaths.font("tiny.ttf").path, lineHeight: 32)
        // -150 and -200 units of a 1000-unit em drawn 32 pixels: -4.8 and -6.4.
        #expect(face.kerning("A", "V") == -5 && face.kerning("T", "o") == -6, "\(face.kerning("A", "V")) \(face.kerning("T", "o"))")
        #expect(face.kerning("A", "H") == 0)
        for pair in ["AV", "VA", "To"] {
            let widths = Self.widths(pair, face)
            #expect(widths.kerned < widths.unkerned, "\(pair): \(widths)")
        }
        #expect(Self.widths("HH", face).kerned == Self.widths("HH", face).unkerned)
    }

    @Test("the same pairs kerned only in a GPOS table (no kern table) are set as close, through HarfBuzz")
    func gpos() throws {
        let face = try FreeTypeFace(path: FixturePaths.font("tiny-gpos.otf").path, lineHeight: 32)
        #expect(face.hasKerning)
        // The same -150 and -200 units as tiny.ttf's kern table.
        #expect(face.kerning("A", "V") == -5 && face.kerning("V", "A") == -5 && face.kerning("T", "o") == -6,
                "\(face.kerning("A", "V")) \(face.kerning("V", "A")) \(face.kerning("T", "o"))")
        #expect(face.kerning("A", "H") == 0 && face.kerning("o", "T") == 0)
        for pair in ["AV", "VA", "To"] {
            let widths = Self.widths(pair, face)
            #expect(widths.kerned < widths.unkerned, "\(pair): \(widths)")
        }
        #expect(Self.widths("HH", face).kerned == Self.widths("HH", face).unkerned)
    }

    @Test("a font without a kern or GPOS table is laid out as before")
    func unkerned() throws {
        let face = try FreeTypeFace(path: FixturePaths.font("tiny-cff.otf").path, lineHeight: 32)
        #expect(face.kerning("A", "V") == 0)
        #expect(Self.widths("AVTo", face).kerned == Self.widths("AVTo", face).unkerned)
    }

    @Test("DejaVu Sans at 32 rows: AV and To narrower than without kerning, no ink lost",
          .enabled(if: dejaVuInstalled, "DejaVu Sans is not installed (/usr/share/fonts/truetype/dejavu: apt install fonts-dejavu-core)"))
    func dejaVu() throws {
        let face = try FreeTypeFace(path: Self.dejaVuPath, lineHeight: 32)
        for pair in ["AV", "To"] {
            let widths = Self.widths(pair, face)
            #expect(widths.kerned < widths.unkerned, "\(pair): \(widths)")
            // Every lit LED of both glyphs is still lit: nothing drawn over.
            let layout = TextLayout(text: pair, font: face)
            let lit = (0..<layout.width).map { layout.column(at: $0).nonzeroBitCount }.reduce(0, +)
            let own = pair.unicodeScalars.map { face.glyph(for: $0)!.columns.map(\.nonzeroBitCount).reduce(0, +) }.reduce(0, +)
            #expect(lit == own, "\(pair)")
        }
    }
}
