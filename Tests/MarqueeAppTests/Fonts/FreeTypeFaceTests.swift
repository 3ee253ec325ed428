import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// Installed fonts through fontconfig and FreeType (docs/display.md,
/// "Fonts"), loaded on first use: letters drawn at the height asked, one
/// pixel an LED, proportional, and hostile files refused in one line.
@Suite("FreeType faces")
struct FreeTypeFaceTests {
    static func dejaVu(_ height: Int, style: String = "") throws -> FreeTypeFace {
        let match = try FontMatch.file(for: "DejaVu Sans" + style)
        return try FreeTypeFace(path: match.path, index: match.index, lineHeight: height)
    }

    /// The lit columns of a glyph, as a width.
    static func inkWidth(_ glyph: Glyph) -> Int {
        let lit = glyph.columns.indices.filter { glyph.columns[$0] != 0 }
        return lit.isEmpty ? 0 : lit.last! - lit.first! + 1
    }

    @Test("fontconfig finds a font by name and style, as fc-match does")
    func match() throws {
        let regular = try FontMatch.file(for: "DejaVu Sans")
        let bold = try FontMatch.file(for: "DejaVu Sans:bold")
        #expect(regular.path.hasSuffix("DejaVuSans.ttf") && bold.path.hasSuffix("DejaVuSans-Bold.ttf"), "\(regular) \(bold)")
        #expect(FileManager.default.fileExists(atPath: bold.path))
    }

    @Test("the line box is the height asked, at 8, 16, 32 and 64 LEDs; taller is held to 64", arguments: [8, 16, 32, 64, 200])
    func height(rows: Int) throws {
        let face = try Self.dejaVu(rows)
        #expect(abs(face.ascent + face.descent - min(rows, 64)) <= 1, "\(face.ascent)+\(face.descent)")
        let h = try #require(face.glyph(for: "H"))
        #expect(h.height == face.ascent + face.descent)
        // H's crossbar and both stems: lit in the middle of its rows.
        #expect(h.columns.filter { $0 != 0 }.count >= 3)
    }

    @Test("proportional: I is narrow, W and M wide, and they differ (H, M, W do not look the same)")
    func proportional() throws {
        let face = try Self.dejaVu(16)
        let widths = "IHMW".unicodeScalars.map { Self.inkWidth(face.glyph(for: $0)!) }
        #expect(widths[0] <= 2 && widths[3] > widths[1] && widths[2] > widths[0], "\(widths)")
        #expect(face.glyph(for: "i")!.advance < face.glyph(for: "m")!.advance)
    }

    @Test("a one-pixel stem at a small size stays one or two LEDs wide, never vanishes")
    func stems() throws {
        for rows in [9, 11, 13] {
            let l = try #require(try Self.dejaVu(rows).glyph(for: "l"))
            #expect((1...2).contains(Self.inkWidth(l)), "\(rows): \(l.columns)")
        }
    }

    @Test("a character the font lacks is nil, so the fallback draws it")
    func missing() throws {
        #expect(try Self.dejaVu(16).glyph(for: "\u{E000}") == nil)
        #expect(try Self.dejaVu(16).glyph(for: " ")?.columns.allSatisfy { $0 == 0 } == true)
    }

    @Test("Terminus by name: a bitmap font (OTB) drawn at its strikes, the largest not above the height, else its smallest",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/terminus/terminus-normal.otb"),
                   "Terminus is not installed (apt install fonts-terminus-otb; scripts/install-deps.sh test)"))
    func terminus() throws {
        let found = try FontMatch.file(for: "Terminus")
        #expect(found.path.hasSuffix(".otb") && found.substitutionNotice == nil, "\(found)")
        // Terminus's strikes run from 12 to 32 rows.
        for (asked, drawn) in [(7, 12), (12, 12), (20, 20), (31, 28), (64, 32)] {
            let face = try FreeTypeFace(path: found.path, index: found.index, lineHeight: asked)
            #expect(!face.isScalable)
            #expect(face.ascent + face.descent == drawn && face.lineHeight == max(asked, drawn), "\(asked): \(face.ascent)+\(face.descent)")
            let h = try #require(face.glyph(for: "H"))
            #expect(h.columns.contains { $0 != 0 } && h.advance < drawn)
        }
    }

    @Test("a file that is not a font, or is missing, is a one-line error naming it")
    func hostile() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ft-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let junk = scratch.appendingPathComponent("junk.ttf")
        try Data("this is not a font\u{1B}[2J".utf8).write(to: junk)
        for path in [junk.path, scratch.appendingPathComponent("absent.ttf").path] {
            #expect {
                _ = try FreeTypeFace(path: path, lineHeight: 16)
            } throws: { error in
                let text = (error as? FontError)?.description ?? ""
                return text.hasPrefix(path + ": ") && !text.contains("\n") && !text.contains("\u{1B}")
            }
        }
    }
}
