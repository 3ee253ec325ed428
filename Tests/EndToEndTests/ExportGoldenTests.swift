import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    /// A golden picture of every look at one size (docs/export.md,
    /// "Golden pictures"): `--export` of "OPEN" at rest on 100x16 cells, 4
    /// pixels an LED, in the built-in font (a system font's LEDs move with
    /// FreeType's version), compared pixel for pixel by Pillow with the
    /// committed PNGs in `Tests/Fixtures/Golden/pictures/`. A change to how
    /// any look is drawn as pixels fails here until the files are made
    /// again on purpose:
    ///
    /// ```
    /// LEDMARQUEE_UPDATE_GOLDEN=1 swift test --skip-build --filter ExportGolden
    /// git diff --stat Tests/Fixtures/Golden/pictures/
    /// ```
    @Suite("Export: a golden picture per look")
    struct ExportGolden {
        /// Each look of docs/display.md's table that draws LEDs its own
        /// way: the four styles of the fine grid, the classic grid's two
        /// LEDs, and the glow.
        static let looks: [(name: String, arguments: [String])] = [
            ("dots", ["--style", "dots"]),
            ("blocks", ["--style", "blocks"]),
            ("half", ["--style", "half"]),
            ("braille", ["--style", "braille"]),
            ("round", ["--leds", "round"]),
            ("square", ["--leds", "square", "-c", "amber"]),
            ("glow", ["--glow", "-c", "green"]),
        ]
        static let size = ["--cols", "100", "--rows", "16", "--led-pixels", "4"]
        static let directory = FixturePaths.root.appendingPathComponent("Golden/pictures")
        static let updating = ProcessInfo.processInfo.environment["LEDMARQUEE_UPDATE_GOLDEN"] == "1"

        @Test("each look's PNG at 100x16, 4 pixels an LED, is its golden picture pixel for pixel",
              arguments: looks.map(\.name))
        func golden(look: String) async throws {
            let arguments = try #require(Self.looks.first { $0.name == look }).arguments
            let (scratch, path) = try Export.scratch(look + ".png")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let result = try await Export.export(["--export", path] + Self.size + arguments + ["--static", "OPEN"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(look): \(result.stderr)")
            let golden = Self.directory.appendingPathComponent(look + ".png")
            if Self.updating {
                try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                _ = try? FileManager.default.removeItem(at: golden)
                try FileManager.default.copyItem(atPath: path, toPath: golden.path)
                return
            }
            let compare = try await runCommand(Pillow.python, ["-c", """
                import sys
                from PIL import Image
                a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
                same = a.size == b.size and a.tobytes() == b.tobytes()
                colours = sorted(c for _, c in a.getcolors(1 << 16))
                print(same, a.size, b.size, len(colours))
                """, path, golden.path])
            #expect(compare.status == 0 && compare.stdout.hasPrefix("True "),
                    "\(look) differs from \(golden.lastPathComponent): \(compare.stdout) \(compare.stderr)")
            // A golden of a dark or unlit sign would hold nothing: lit, unlit and the gap at least.
            let colours = Int(compare.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            #expect(colours >= 3, "\(look): \(compare.stdout)")
        }

        @Test("every golden picture is a look of the list, small, and no two alike (each look draws its own)")
        func files() throws {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
            #expect(names == Self.looks.map { $0.name + ".png" }.sorted())
            let contents = try names.map { try Data(contentsOf: Self.directory.appendingPathComponent($0)) }
            #expect(Set(contents).count == names.count, "two looks drew the same picture")
            for name in names {
                let size = try FileManager.default.attributesOfItem(atPath: Self.directory.appendingPathComponent(name).path)[.size] as? Int
                #expect((size ?? .max) < 8192, "\(name): \(size ?? -1) bytes")
            }
        }
    }
}
