import MarqueeCore
import Testing
@testable import MarqueeApp

/// Outline and bitmap fonts at the sizes a sign draws them (docs/display.md,
/// "Fonts"): every letter whole and inside its box, stems at least one LED,
/// letters centred in their advance, and a gap between neighbours; then the
/// whole message on real panels, fitted by the sign's own rule.
@Suite("Fonts at every size")
struct FontTableTests {
    /// Installed faces: Debian's DejaVu (fonts-dejavu-core) in three cuts,
    /// and Terminus' bitmap strikes (fonts-terminus-otb) when installed.
    static let patterns = ["DejaVu Sans", "DejaVu Sans:bold", "DejaVu Sans Mono", "Terminus"]
    static let sizes = [7, 9, 12, 16, 24, 32]
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".unicodeScalars)

    static func face(_ pattern: String, _ rows: Int) throws -> FreeTypeFace? {
        let match = try FontMatch.file(for: pattern)
        // fontconfig substitutes a font it lacks: test only the one asked for.
        let wanted = pattern.split(separator: ":")[0].replacingOccurrences(of: " ", with: "").lowercased()
        guard match.path.lowercased().replacingOccurrences(of: "-", with: "").contains(wanted) else { return nil }
        return try FreeTypeFace(path: match.path, index: match.index, lineHeight: rows)
    }

    static func inked(_ glyph: Glyph) -> [Int] { glyph.columns.indices.filter { glyph.columns[$0] != 0 } }

    @Test("letters whole, inside the line box, with stems and a gap, at 7 to 32 rows", arguments: patterns)
    func letters(pattern: String) throws {
        for rows in Self.sizes {
            guard let face = try Self.face(pattern, rows) else { continue }
            let box = face.ascent + face.descent
            // A bitmap face cannot go below its smallest strike.
            let smallest = try #require(try Self.face(pattern, 1)).ascent + (try #require(try Self.face(pattern, 1))).descent
            #expect(box <= max(rows, smallest), "\(pattern) \(rows): box \(box)")
            for letter in Self.letters {
                let glyph = try #require(face.glyph(for: letter), "\(pattern) \(rows): no \(letter)")
                let ink = Self.inked(glyph)
                #expect(!ink.isEmpty, "\(pattern) \(rows): \(letter) has no ink")
                // Nothing below the box: its rows are the only bits set.
                #expect(glyph.columns.allSatisfy { box >= 64 || $0 >> UInt64(box) == 0 }, "\(pattern) \(rows): \(letter) below its box")
                // A gap to the next letter: its last column is unlit, or its first.
                #expect(glyph.columns.first == 0 || glyph.columns.last == 0, "\(pattern) \(rows): \(letter) touches both sides")
            }
            // A stem is at least one LED, lit for most of the letter's height.
            for letter in "lI1H".unicodeScalars {
                let glyph = try #require(face.glyph(for: letter))
                let tallest = glyph.columns.map(\.nonzeroBitCount).max() ?? 0
                let height = glyph.columns.reduce(UInt64(0), |).nonzeroBitCount
                #expect(tallest * 10 >= height * 8, "\(pattern) \(rows): \(letter)'s stem \(tallest) of \(height)")
            }
            // Symmetric letters stand in the middle of their advance.
            for letter in "HOo".unicodeScalars {
                let glyph = try #require(face.glyph(for: letter))
                let ink = Self.inked(glyph)
                let left = ink.first!, right = glyph.advance - 1 - ink.last!
                #expect(abs(left - right) <= 1 + glyph.advance / 6, "\(pattern) \(rows): \(letter) bearings \(left) and \(right)")
            }
        }
    }

    @Test("fitted to real panels: the message's ink stands inside the LED area, no taller than the panel, six letters across",
          arguments: [(80, 24), (200, 50), (240, 67)])
    func fill(columns: Int, rows: Int) throws {
        for pattern in Self.patterns {
            guard try Self.face(pattern, 32) != nil else { continue }
            for grid in [LEDGrid.fine, .round] {
                let stack = try FontLoader.stack(path: pattern)
                var layouts = MessageLayouts(fonts: stack)
                var settings = PlayerSettings()
                settings.grid = grid
                var state = PlayerState(cues: [Cue(text: "Hamburgefonstiv")], settings: settings, seed: 1, at: 0)
                _ = state.reduce(.measured(layouts.measure(state, columns: columns, rows: rows)), at: 0)
                let (scene, frame) = layouts.changedFrame(state, at: 0, columns: columns, rows: rows, shown: nil)
                let geometry = scene.geometry
                let what = "\(pattern) \(grid) at \(columns)x\(rows)"
                #expect(geometry.scale >= 1, "\(what): LED text")
                let height = try #require(layouts.fittedHeight, "\(what): fitted")
                #expect(height >= FontSizing.minimumLineHeight && height * geometry.scale <= geometry.panelRows, "\(what): \(height) rows")
                let frameText = try #require(frame).text
                #expect(frameText.contains("●") || frameText.contains("▟"), "\(what): lit LEDs")
            }
        }
    }
}
