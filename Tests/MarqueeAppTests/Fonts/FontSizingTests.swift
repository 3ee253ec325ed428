import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--font` by name or file, and an outline font drawn at the panel's own
/// height (docs/display.md, "Fonts").
@Suite("Font sizing")
@MainActor
struct FontSizingTests {
    static func state(scale: Int? = nil) -> PlayerState {
        var settings = PlayerSettings()
        settings.scale = scale
        return PlayerState(cues: [Cue(text: "Sale 5€ today")], settings: settings, seed: 1, at: 0)
    }

    /// The face's height and the geometry's scale a terminal of this size gets.
    static func fitted(columns: Int, rows: Int, scale: Int? = nil) throws -> (height: Int, scale: Int, layoutRows: Int) {
        var layouts = MessageLayouts(fonts: try FontLoader.stack(path: "DejaVu Sans"))
        let state = Self.state(scale: scale)
        let measure = layouts.measure(state, columns: columns, rows: rows)
        let height = try #require(layouts.fonts.resizable?.lineHeight)
        _ = measure
        let layout = layouts.line(for: state.shownCue.text)
        let geometry = state.geometry(columns: columns, rows: rows, lineHeight: layout.inkRows.count,
                                      letterWidth: layouts.letterWidth(for: state.shownCue.text))
        return (height, geometry.scale, layout.inkRows.count)
    }

    @Test("by name, by file, and the text formats as before")
    func resolve() throws {
        #expect(try FontLoader.font(named: "DejaVu Sans:bold") is FreeTypeFace)
        let file = try FontMatch.file(for: "DejaVu Sans").path
        #expect(try FontLoader.font(named: file) is FreeTypeFace)
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")
        for name in ["tiny.bdf", "tiny.hex"] {
            #expect(!(try FontLoader.font(named: fonts.appendingPathComponent(name).path) is FreeTypeFace), "\(name)")
        }
        // A broken BDF says the BDF reader's line and reason, not FreeType's.
        #expect(throws: FontError.self) { try FontLoader.font(named: fonts.appendingPathComponent("truncated.bdf").path) }
        do {
            _ = try FontLoader.font(named: fonts.appendingPathComponent("truncated.bdf").path)
        } catch {
            #expect(error.description.hasSuffix("truncated.bdf:6: glyph \"A\" has no ENDCHAR"), "\(error)")
        }
        // Neither FreeType nor the text formats: the text formats' reason.
        #expect(throws: FontError.self) { try FontLoader.font(named: fonts.appendingPathComponent("not-a-font.png").path) }
    }

    @Test("drawn at the panel's height, one pixel an LED: taller on a bigger terminal, six letters still in view")
    func height() throws {
        let small = try Self.fitted(columns: 80, rows: 24)
        let big = try Self.fitted(columns: 200, rows: 50)
        #expect(small.scale == 1 && big.scale == 1, "\(small) \(big)")
        #expect(big.height > small.height && small.height >= FontSizing.minimumLineHeight, "\(small) \(big)")
        #expect(big.layoutRows <= big.height && big.layoutRows > big.height / 2)
        // Six average letters across: at 200x50 dots the panel is 100 LEDs wide.
        let face = try #require(try FontLoader.font(named: "DejaVu Sans") as? FreeTypeFace)
        let sized = try #require(face.resized(lineHeight: big.height))
        let average = try #require(TextLayout.averageLetterWidth(font: sized))
        #expect(6 * average <= 100 + 6, "\(average) at \(big.height) rows")
    }

    @Test("--scale N fills the panel's height; never above 64 rows")
    func byHand() throws {
        let filled = try Self.fitted(columns: 400, rows: 100, scale: 4)
        #expect(filled.height == 64 && filled.scale == 1, "\(filled)")
    }
}
