import Foundation
import Testing
@testable import MarqueeCore

private let systemUnifont = "/usr/share/unifont/unifont.hex"

@Suite("System Unifont")
struct FontSystemUnifontTests {
    // Runs only where Debian's `unifont` package is installed; elsewhere it
    // is reported as skipped, not silently passed.
    @Test(
        "the real unifont.hex loads: 'A' is 8 wide, '日' 16 wide",
        .enabled(if: FileManager.default.fileExists(atPath: systemUnifont), "unifont package not installed")
    )
    func realUnifont() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: systemUnifont)))
        let font = try UnifontHexFont(bytes: bytes, name: systemUnifont)
        #expect(font.glyphCount > 50_000)
        let a = try #require(font.glyph(for: "A"))
        #expect(a.advance == 8)
        #expect(a.ascent == 14 && a.descent == 2)
        #expect(a.columns.contains { $0 != 0 })
        // Capitals stand on the baseline: nothing in the two descent rows.
        #expect(a.columns.allSatisfy { $0 >> 14 == 0 })
        let sun = try #require(font.glyph(for: "日"))
        #expect(sun.advance == 16)
        #expect(sun.columns.filter { $0 != 0 }.count >= 8)
        #expect(font.glyph(for: " ")?.columns.allSatisfy { $0 == 0 } == true)
    }
}
