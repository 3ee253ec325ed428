import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    /// `--export` (docs/export.md): the real binary writes a GIF or a PNG
    /// of the sign, which Python Pillow decodes: frame count, delays adding
    /// up to the duration, the loop, LED centres in their colours and the
    /// gap black; bad targets and values are one line, and nothing is left
    /// half-written.
    @Suite("Export")
    struct Export {
        static let unlit = [61, 8, 4]
        static let lit = [255, 32, 16]
        static let black = [0, 0, 0]

        static func export(_ arguments: [String]) async throws -> CommandResult {
            try await runCommand(try E2E.binaryPath(), arguments, timeout: 120)
        }

        /// The LEDs `--snapshot` prints for `shape`: the cell of each (its
        /// column and row) and whether it is lit (`●`) or unlit (`·`).
        static func snapshotLEDs(_ shape: [String]) async throws -> [(column: Int, row: Int, lit: Bool)] {
            let snapshot = try await export(["--snapshot"] + shape)
            let rows = snapshot.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            return rows.enumerated().flatMap { row, line in
                line.enumerated().compactMap { column, glyph in
                    glyph == "●" || glyph == "·" ? (column, row, glyph == "●") : nil
                }
            }
        }

        /// A fresh directory for one test's files, and its path for `name`.
        static func scratch(_ name: String) throws -> (directory: URL, path: String) {
            let directory = try E2E.makeTemporaryDirectory("export")
            return (directory, directory.appendingPathComponent(name).path)
        }

        @Test("a GIF of --duration 2: 50 fps delays adding up to 2 s, looping for ever; frame 0 all unlit LEDs on black")
        func gif() async throws {
            let (directory, path) = try Self.scratch("sign.gif")
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = try await Self.export(["--export", path, "--cols", "40", "--rows", "10", "--duration", "2", "ON AIR"])
            #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.isEmpty, "\(result.stderr)")
            // 40 columns: 20 LEDs of 8 pixels; frame 0 is before the text enters.
            let picture = try await Pillow.decode(path, points: [(4, 4), (12, 20), (156, 4), (0, 0), (8, 8), (7, 3)])
            #expect(picture.width == 160)
            #expect(picture.loop == 0)
            #expect(abs(picture.durations.reduce(0, +) - 2000) <= 20, "\(picture.durations)")
            #expect(picture.durations.allSatisfy { $0 >= 20 && $0 % 10 == 0 }, "\(picture.durations)")
            #expect(picture.frames > 10 && picture.frames <= 100, "\(picture.frames) frames")
            #expect(Array(picture.pixels[0..<3]) == [Self.unlit, Self.unlit, Self.unlit])
            #expect(Array(picture.pixels[3...]) == [Self.black, Self.black, Self.black])
            // By the end the text has come in: lit, unlit and the gap.
            #expect(picture.lastColours == 3)
            var status = stat()
            #expect(stat(path, &status) == 0 && status.st_mode & 0o077 != 0, "not giflib's 0600")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sign.gif"])
        }

        @Test("a lossless WebP of --duration 2 at the policy's 60 fps: delays adding up to 2 s, looping; exact colours")
        func webp() async throws {
            let (directory, path) = try Self.scratch("sign.webp")
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = try await Self.export(["--export", path, "--cols", "40", "--rows", "10", "--duration", "2", "ON AIR"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            let picture = try await Pillow.decode(path, points: [(4, 4), (12, 20), (156, 4), (0, 0), (8, 8), (7, 3)])
            #expect(picture.width == 160 && picture.loop == 0)
            #expect(abs(picture.durations.reduce(0, +) - 2000) <= 17, "\(picture.durations)")
            // 60 fps: a frame is 16 or 17 ms, or several equal ones merged.
            #expect(picture.durations.allSatisfy { $0 >= 16 }, "\(picture.durations)")
            #expect(picture.frames > 10 && picture.frames <= 120, "\(picture.frames) frames")
            #expect(Array(picture.pixels[0..<3]) == [Self.unlit, Self.unlit, Self.unlit])
            #expect(Array(picture.pixels[3...]) == [Self.black, Self.black, Self.black])
            #expect(picture.lastColours == 3)
        }

        @Test("a PNG at rest: an LED is lit exactly where --snapshot shows ●, unlit where it shows ·")
        func pngMatchesSnapshot() async throws {
            let (directory, path) = try Self.scratch("sign.png")
            defer { try? FileManager.default.removeItem(at: directory) }
            let shape = ["--cols", "60", "--rows", "11", "--static", "OPEN"]
            let result = try await Self.export(["--export", path, "--led-pixels", "6"] + shape)
            #expect(result.status == 0, "\(result.stderr)")
            // Each LED of the dots style is two cells of the snapshot: its glyph, then the gap.
            let leds = try await Self.snapshotLEDs(shape)
            let points = leds.map { ($0.column / 2 * 6 + 3, $0.row * 6 + 3) }
            let expected = leds.map { $0.lit ? Self.lit : Self.unlit }
            #expect(points.count > 200 && expected.contains(Self.lit), "the snapshot shows LEDs")
            let picture = try await Pillow.decode(path, points: points + [(0, 0), (5, 5), (6, 0)])
            #expect(picture.frames == 1 && picture.width == 180)
            #expect(Array(picture.pixels.prefix(points.count)) == expected)
            #expect(Array(picture.pixels.suffix(3)) == [Self.black, Self.black, Self.black])
        }

        @Test("one cycle of a deck: two messages of 2 s are 4 s of GIF, within one frame, showing both; --once ends as the deck completes")
        func deckCycle() async throws {
            let (directory, path) = try Self.scratch("deck.gif")
            defer { try? FileManager.default.removeItem(at: directory) }
            let deck = directory.appendingPathComponent("deck.txt")
            try "ON\nAIR\n".write(to: deck, atomically: false, encoding: .utf8)
            for (once, length) in [(false, 4000), (true, 4000)] {
                let result = try await Self.export(["--export", path, "-s", "2", "-f", deck.path] + (once ? ["--once"] : []))
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
                let picture = try await Pillow.decode(path)
                #expect(abs(picture.durations.reduce(0, +) - length) <= 20, "--once \(once): \(picture.durations)")
                // ON, then AIR after a fade: more than one picture, the last lit.
                #expect(picture.frames > 2 && picture.lastColours >= 3, "\(picture.frames) frames, \(picture.lastColours) colours")
            }
        }

        @Test("at --thermal fair 30 fps; at a size too small for LED letters, a warning says the panel is unlit")
        func fairAndSmall() async throws {
            let (directory, path) = try Self.scratch("sign.gif")
            defer { try? FileManager.default.removeItem(at: directory) }
            let fair = try await Self.export(["--export", path, "--cols", "40", "--rows", "10", "--thermal", "fair",
                                              "--duration", "1", "--speed", "20", "ON AIR"])
            #expect(fair.status == 0, "\(fair.stderr)")
            let slower = try await Pillow.decode(path)
            #expect(abs(slower.durations.reduce(0, +) - 1000) <= 34, "\(slower.durations)")
            // 30 fps: every frame 3 or 4 cs, or several merged; never GIF's 2.
            #expect(slower.durations.allSatisfy { $0 >= 30 }, "\(slower.durations)")
            let small = try await Self.export(["--export", path, "--cols", "40", "--rows", "10", "--static", "AIR ON"])
            #expect(small.status == 0)
            #expect(small.stderr == "ledmarquee: at 40x10 a message does not fit in LEDs (a terminal shows it as plain text): "
                + "its frames are an unlit panel; give larger --cols and --rows\n")
        }

        @Test("a .cast: asciicast v2 lines; its bytes, replayed in pyte, show lit LEDs where --snapshot shows ●; asciinema reads it")
        func cast() async throws {
            let (directory, path) = try Self.scratch("sign.cast")
            defer { try? FileManager.default.removeItem(at: directory) }
            let shape = ["--cols", "60", "--rows", "11", "--static", "OPEN"]
            let result = try await Self.export(["--export", path, "--duration", "1.5"] + shape)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            // The replay: every event's text fed to pyte; each cell's character and colour.
            let script = #"""
            import json, sys, pyte
            lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
            header = json.loads(lines[0])
            events = [json.loads(line) for line in lines[1:]]
            screen = pyte.Screen(header["width"], header["height"])
            stream = pyte.Stream(screen)
            for event in events:
                stream.feed(event[2])
            cells = [[[screen.buffer[y][x].data, screen.buffer[y][x].fg] for x in range(screen.columns)] for y in range(screen.lines)]
            print(json.dumps({"header": header, "times": [e[0] for e in events], "kinds": sorted({e[1] for e in events}),
                              "cells": cells, "cursorHidden": screen.cursor.hidden}))
            """#
            let replay = try await runCommand(Pillow.python, ["-c", script, path], timeout: 60)
            try #require(replay.status == 0, "\(replay.stderr)")
            struct Replay: Decodable {
                struct Header: Decodable { let version: Int; let width: Int; let height: Int; let timestamp: Int; let env: [String: String] }
                let header: Header
                let times: [Double]
                let kinds: [String]
                let cells: [[[String]]]
                let cursorHidden: Bool
            }
            let cast = try JSONDecoder().decode(Replay.self, from: replay.stdoutData)
            #expect(cast.header.version == 2 && cast.header.width == 60 && cast.header.height == 11)
            #expect(cast.header.env == ["TERM": "xterm-256color"])
            #expect(abs(Double(cast.header.timestamp) - Date().timeIntervalSince1970) < 120)
            #expect(cast.kinds == ["o"])
            #expect(cast.times.first == 0 && cast.times.last == 1.5 && cast.times == cast.times.sorted(), "\(cast.times)")
            #expect(!cast.cursorHidden, "the recording ends with the cursor shown again")
            var litColours = Set<String>(), unlitColours = Set<String>()
            for led in try await Self.snapshotLEDs(shape) {
                let cell = cast.cells[led.row][led.column]
                #expect(cell[0] == "●", "(\(led.column), \(led.row))")
                if led.lit { litColours.insert(cell[1]) } else { unlitColours.insert(cell[1]) }
            }
            #expect(litColours.count == 1 && unlitColours.count == 1 && litColours != unlitColours, "\(litColours) \(unlitColours)")
            // Debian's asciinema reads it: `cat` writes the events' text, the last the cursor shown again.
            // It opens /dev/tty, so it runs on a pseudo-terminal of `script`'s (util-linux).
            // It makes its config directory on start: in the scratch folder, not
            // at the path the sign is told has none (which root could create).
            var environment = E2E.childEnvironment()
            environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
            let played = try await runCommand(try E2E.which("script"),
                                              ["-q", "-e", "-c", "asciinema cat \(E2E.shellQuote(path))", "/dev/null"],
                                              environment: environment, timeout: 60)
            #expect(played.status == 0, "\(played.stderr)")
            #expect(played.stdout.hasPrefix("\u{1B}[?25l") && played.stdout.hasSuffix("\u{1B}[0m\u{1B}[?25h"))
        }

        /// The repository's root, from this file's place in it.
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        /// The `--export` lines of the Makefile's `docs-images` recipe that
        /// write one named PNG (not the looks table's loop, whose frames the
        /// golden text files hold): the file each names and its other arguments.
        static func documentedStills() throws -> [(name: String, arguments: [String])] {
            let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
            return makefile.split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ").map(String.init)
                guard let at = words.firstIndex(of: "--export"), at + 1 < words.count,
                      words[at + 1].hasPrefix("$(DOCS_IMAGES)/"), words[at + 1].hasSuffix(".png") else { return nil }
                let name = String(words[at + 1].dropFirst("$(DOCS_IMAGES)/".count))
                guard !name.contains("$") else { return nil }
                return (name, Array(words[(at + 2)...]))
            }
        }

        @Test("the README's pictures are the looks' golden images: --export draws each again pixel for pixel")
        func goldenImages() async throws {
            let stills = try Self.documentedStills()
            #expect(stills.map(\.name) == ["look-fine.png", "look-round.png", "look-square.png"])
            let (directory, _) = try Self.scratch("golden")
            defer { try? FileManager.default.removeItem(at: directory) }
            for still in stills {
                let path = directory.appendingPathComponent(still.name).path
                let result = try await Self.export(["--export", path] + still.arguments)
                #expect(result.status == 0, "\(still.name): \(result.stderr)")
                let golden = Self.root.appendingPathComponent("docs/images/\(still.name)").path
                let compare = try await runCommand(Pillow.python, ["-c", """
                    import sys
                    from PIL import Image
                    a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
                    print(a.size == b.size and a.tobytes() == b.tobytes(), a.size, len(a.getcolors(1 << 16)))
                    """, path, golden])
                #expect(compare.status == 0 && compare.stdout.hasPrefix("True "), "\(still.name): \(compare.stdout) \(compare.stderr)")
            }
        }

        @Test("a playing sign maps neither giflib, libwebp nor libpng: an export loads them")
        func lazy() async throws {
            let sign = try HeadlessSign.start("export-lazy", arguments: ["SIGN"])
            defer { sign.close() }
            _ = try await sign.waitForEvent("the start") { $0.name == "start" }
            let maps = try EndToEnd.Screens.LazyLibraries.mapped(sign.pid)
            #expect(!maps.contains("libgif.so") && !maps.contains("libpng16.so") && !maps.contains("libwebp"))
        }
    }
}
