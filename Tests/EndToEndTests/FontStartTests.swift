import Foundation
import Testing

extension EndToEnd.Screens {
    /// `--font` at the start (docs/display.md, "Fonts"): a font that cannot
    /// be used is one line on stderr and exit 1 before the terminal is
    /// taken, whatever the file is; a family fontconfig lacks is said in
    /// one line, and the sign goes on with the stand-in.
    @Suite("Fonts at the start")
    struct FontStart {
        @Test("a truncated TrueType font, a FIFO, a directory, a file over 64 MB: one line, exit 1, no hang",
              arguments: ["truncated.ttf", "fifo.ttf", "directory.otf", "huge.ttf"])
        func badFont(name: String) async throws {
            let directory = try E2E.makeTemporaryDirectory("bad-font")
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent(name).path
            let expected: String
            switch name {
            case "truncated.ttf":
                // The first 3 KiB of an OpenType font: its table directory, no tables.
                let font = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Fixtures/fonts/tiny.ttf")
                try Data(try Data(contentsOf: font).prefix(300)).write(to: URL(fileURLWithPath: path))
                expected = "damaged or truncated TrueType or OpenType font: FreeType cannot read it"
            case "fifo.ttf":
                #expect(mkfifo(path, 0o600) == 0)
                expected = "cannot read font: not a regular file"
            case "directory.otf":
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                expected = "cannot read font: Is a directory"
            default:
                #expect(FileManager.default.createFile(atPath: path, contents: nil))
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.truncate(atOffset: 64 << 20 + 1)  // sparse
                try handle.close()
                expected = "cannot read font: larger than 64 MB"
            }
            // No --snapshot: the sign itself, which stops before it looks for a terminal.
            let result = try await runCommand(try E2E.binaryPath(), ["--font", path, "HELLO"], timeout: 10)
            #expect(result.status == 1)
            // FreeType's error number may follow the damaged font's reason.
            #expect(result.stderr.hasPrefix("ledmarquee: \(path): \(expected)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "one line")
            #expect(result.stdout.isEmpty)
        }

        @Test("a family no installed font has: one line naming the stand-in, and the sign is drawn with it")
        func substitution() async throws {
            let result = try await runCommand(try E2E.binaryPath(), ["--snapshot", "--font", "Qzxv Nonsense Sans", "HI"],
                                              environment: E2E.childEnvironment())
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result.stderr)")
            #expect(lines[0].hasPrefix("ledmarquee: no installed font matches 'Qzxv Nonsense Sans': using "), "\(lines[0])")
            #expect(lines[0].hasSuffix(")") && lines[0].contains(" (/"), "the stand-in's file: \(lines[0])")
            #expect(result.stdout.contains("●"), "the frame is still drawn")
            let named = try await runCommand(try E2E.binaryPath(), ["--snapshot", "--font", "DejaVu Sans", "HI"],
                                             environment: E2E.childEnvironment())
            #expect(named.status == 0 && named.stderr.isEmpty, "\(named.stderr)")
        }
    }
}
