import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// The README's pictures are the program's own frames: each block under
/// "What it draws" must be what `--snapshot` draws for the command above
/// it, so a change to the look fails here until the README shows it
/// (docs/display.md, "LED grids"). With the unit tests of each look's
/// cells, these are the golden frames of the fine and classic looks.
@Suite("The README's pictures")
@MainActor
struct LookGoldenTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    /// The README's code block that follows the line naming `command`.
    static func block(after command: String) throws -> String {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../README.md").standardizedFileURL, encoding: .utf8)
        let afterCommand = try #require(readme.range(of: command), "the README names \(command)")
        let start = try #require(readme.range(of: "```\n", range: afterCommand.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    static func frame(_ text: String, columns: Int, rows: Int, grid: LEDGrid) -> String {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.grid = grid
        let frame = Snapshot.render(cues: [Cue(text: text)], settings: settings, fonts: fonts, columns: columns, rows: rows,
                                    at: 0, wallStart: 0)
        // The README drops the blank status rows and trailing spaces.
        var lines = frame.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    @Test("the fine panel's picture")
    func fine() throws {
        let shown = try Self.block(after: "ledmarquee --snapshot --cols 60 --rows 11 --static OPEN")
        #expect(Self.frame("OPEN", columns: 60, rows: 11, grid: .fine) == shown)
    }

    @Test("the classic sign's picture")
    func round() throws {
        let shown = try Self.block(after: "ledmarquee --snapshot --cols 100 --rows 16 --static --leds round OPEN")
        #expect(Self.frame("OPEN", columns: 100, rows: 16, grid: .round) == shown)
        #expect(shown.contains("▗▟▙▖") && shown.contains("▝▜▛▘"))
    }
}
