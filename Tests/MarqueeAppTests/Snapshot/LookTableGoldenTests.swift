import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// Golden frames of each look at three terminal sizes (docs/display.md,
/// "Looks at three sizes"): the frame a 256-colour sign shows for a
/// message at rest, as text and as the shade of every cell, compared with
/// the files in `Tests/Fixtures/Golden/looks/`. A change to how any look
/// is drawn fails here until the files are made again on purpose:
///
/// ```
/// LEDMARQUEE_UPDATE_GOLDEN=1 swift test --skip-build --filter LookTableGoldenTests
/// git diff Tests/Fixtures/Golden/looks/
/// ```
@Suite("Looks at three sizes")
@MainActor
struct LookTableGoldenTests {
    /// One look: its name in the files' names, and the settings and font
    /// it is drawn with.
    struct Look: Sendable, CustomStringConvertible {
        var name: String
        var grid: LEDGrid = .fine
        var glow = false
        /// A `--font` pattern; nil for the built-in LED face.
        var font: String?
        var description: String { name }
    }

    nonisolated static let looks = [
        Look(name: "fine"),
        Look(name: "round", grid: .round),
        Look(name: "square", grid: .square),
        Look(name: "glow", glow: true),
        Look(name: "dejavu-sans-bold", font: "DejaVu Sans:bold"),
    ]
    nonisolated static let sizes = [(80, 24), (200, 50), (240, 67)]
    static let text = "Open"
    /// Regenerate the files instead of comparing with them.
    static let updating = ProcessInfo.processInfo.environment["LEDMARQUEE_UPDATE_GOLDEN"] == "1"

    static func file(_ look: Look, _ columns: Int, _ rows: Int) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/Golden/looks/\(look.name)-\(columns)x\(rows).txt").standardizedFileURL
    }

    /// The frame of `look` at rest on a 256-colour terminal, once the
    /// message has faded in, with nobody at the keys.
    static func frame(_ look: Look, columns: Int, rows: Int) throws -> FrameModel {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.grid = look.grid
        settings.glow = look.glow
        settings.idleTimeout = 0
        settings.glyphs = .standard
        let fonts = try FontLoader.stack(path: look.font)
        let sign = VirtualSign(cues: [Cue(text: text)], settings: settings, fonts: fonts, columns: columns, rows: rows,
                               wallStart: 0)
        sign.run(until: 5)
        return sign.frame(at: 5)
    }

    @Test("each look at 80x24, 200x50 and 240x67 is its golden frame, text and shades",
          arguments: looks)
    func golden(look: Look) throws {
        if look.font != nil, (try? FontMatch.file(for: look.font!))?.path.contains("DejaVuSans-Bold") != true {
            Issue.record("\(look.font!) is not installed (fonts-dejavu-core)")
            return
        }
        for (columns, rows) in Self.sizes {
            let frame = try Self.frame(look, columns: columns, rows: rows)
            let shown = GoldenFrame.text(frame, title: "\(look.name) \(columns)x\(rows): \(Self.text)")
            let url = Self.file(look, columns, rows)
            if Self.updating {
                try shown.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            if look.font != nil, let installed = Self.installedFreeType, installed != Self.goldenFreeType {
                // Another FreeType hints the outline its own way: the
                // frame is held to its shape, not LED for LED.
                #expect(Self.alike(shown, golden), "\(look.name) \(columns)x\(rows) (FreeType \(installed)) is not shaped as \(url.lastPathComponent)")
                continue
            }
            #expect(shown == golden, "\(look.name) \(columns)x\(rows) differs from \(url.lastPathComponent)")
        }
    }

    /// The FreeType release the system-font frames were drawn with
    /// (Debian 12's). Debian 13's 2.13 hints DejaVu differently and moves a
    /// few LEDs at a stem's edge.
    static let goldenFreeType = "2.12.1"

    /// The installed FreeType's release, from its header (libfreetype-dev,
    /// a build dependency, ships the library's own version).
    static var installedFreeType: String? {
        guard let header = try? String(contentsOfFile: "/usr/include/freetype2/freetype/freetype.h", encoding: .utf8) else {
            return nil
        }
        let parts = ["MAJOR", "MINOR", "PATCH"].compactMap { part -> String? in
            guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("#define FREETYPE_\(part) ") }) else { return nil }
            return line.split(separator: " ").last.map(String.init)
        }
        return parts.count == 3 ? parts.joined(separator: ".") : nil
    }

    /// Whether two golden frames have the same shape: as many lines, as many
    /// lit LEDs within a tenth, and their lit rows within one of each other.
    static func alike(_ shown: String, _ golden: String) -> Bool {
        func shape(_ text: String) -> (lines: Int, lit: Int, litRows: Int) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let shades = lines.drop { $0 != "foreground" }
            return (lines.count, shades.reduce(0) { $0 + $1.filter { $0 == "L" }.count }, shades.filter { $0.contains("L") }.count)
        }
        let (a, b) = (shape(shown), shape(golden))
        return a.lines == b.lines && b.lit > 0 && abs(a.lit - b.lit) * 10 <= b.lit && abs(a.litRows - b.litRows) <= 1
    }

    @Test("the looks are what their names say: discs, squares, glow and brightness steps in the golden files")
    func looksAreDistinct() throws {
        func golden(_ name: String) throws -> String {
            let look = try #require(Self.looks.first { $0.name == name })
            return try String(contentsOf: Self.file(look, 200, 50), encoding: .utf8)
        }
        let shades = { (text: String) in Set(text.split(separator: "\n").drop { $0 != "foreground" }.joined()) }
        #expect(try golden("fine").contains("●") && !shades(golden("fine")).contains("1"))
        #expect(try golden("round").contains("▗▟▙▖") && golden("square").contains("▗▄▄▖") && !golden("square").contains("▟"))
        #expect(try shades(golden("glow")).contains("1"))
        let dejaVu = try shades(golden("dejavu-sans-bold"))
        #expect(dejaVu.contains("1") || dejaVu.contains("2") || dejaVu.contains("3"))
    }
}
