import MarqueeCore
import Testing
@testable import MarqueeApp

/// Which face at which size (docs/display.md): the built-in LED face,
/// unless a classic sign is 16 LEDs tall or more and no `--font` is given,
/// where DejaVu Sans Bold draws it at the sign's own height.
@Suite("The face of a big sign")
struct BigSignFontTests {
    @Test("no --font: the built-in face up to 15 LEDs tall and on the fine panel, DejaVu Sans Bold from 16")
    func chosen() throws {
        for rows in [nil, 7, 9, 15] as [Int?] {
            #expect(FontLoader.chosenFont(nil, rowsOfLEDs: rows) == nil, "\(rows.map(String.init) ?? "fill")")
        }
        for rows in [16, 24, 64] {
            let path = try #require(FontLoader.chosenFont(nil, rowsOfLEDs: rows))
            #expect(path.hasSuffix("DejaVuSans-Bold.ttf"), "\(path)")
        }
    }

    @Test("--font wins at any size, and --font builtin keeps the built-in face on a big sign")
    func explicit() {
        #expect(FontLoader.chosenFont("Terminus", rowsOfLEDs: 32) == "Terminus")
        #expect(FontLoader.chosenFont("builtin", rowsOfLEDs: 32) == nil)
        #expect(FontLoader.chosenFont("builtin", rowsOfLEDs: nil) == nil)
    }

    @Test("a 24-LED round sign is drawn in DejaVu Sans Bold at 24 rows, with no substitution notice")
    func drawn() throws {
        let (fonts, notice) = try FontLoader.load(path: FontLoader.chosenFont(nil, rowsOfLEDs: 24))
        #expect(notice == nil && !fonts.primaryIsBuiltIn)
        let face = try #require(fonts.resizable)
        #expect(face.name.hasPrefix("DejaVu Sans Bold"))
        #expect(MessageLayouts.classicHeight(rowsOfLEDs: 24, columns: 200, ledAreaRows: 48, letterWidth: 0.6) == 24)
    }
}
