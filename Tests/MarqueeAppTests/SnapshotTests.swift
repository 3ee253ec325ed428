import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Snapshot")
struct SnapshotTests {
    static let fonts = FontSelection(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    @Test("prints the LED frame as text at the requested size and time")
    func frame() {
        var settings = PlayerSettings()
        settings.staticText = true
        let text = Snapshot.render(cues: [Cue(text: "HI")], settings: settings, fonts: Self.fonts, columns: 40, rows: 14, at: 0)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 14)
        #expect(text.contains("●") && text.contains("·"))
    }

    @Test("runs the flow forward: at 5.1 s of a 5 s flow the second message shows")
    func flowForward() {
        var settings = PlayerSettings()
        settings.staticText = true
        let cues = [Cue(text: "A", seconds: 5), Cue(text: "B", seconds: 5)]
        let first = Snapshot.render(cues: cues, settings: settings, fonts: Self.fonts, columns: 20, rows: 4, at: 4.9)
        let second = Snapshot.render(cues: cues, settings: settings, fonts: Self.fonts, columns: 20, rows: 4, at: 5.1)
        #expect(first.contains("A") && second.contains("B"))
    }
}

@Suite("Snapshot with the system Unifont")
struct UnifontSnapshotTests {
    @Test("日本 renders in 16-row glyphs, no placeholder",
          .enabled(if: FileManager.default.isReadableFile(atPath: "/usr/share/unifont/unifont.hex"),
                   "the unifont package is not installed: skipped"))
    func japanese() throws {
        let fonts = try FontChoice.make(path: nil)
        #expect(!fonts.covers("日本"))
        var settings = PlayerSettings()
        settings.staticText = true
        settings.style = .half
        let text = Snapshot.render(cues: [Cue(text: "日本")], settings: settings, fonts: fonts, columns: 40, rows: 11, at: 0)
        let litRows = text.split(separator: "\n").filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
        #expect(litRows.count >= 7)
        #expect(!TextLayout(text: "日本", font: fonts.source(for: "日本")).usedPlaceholder)
        #expect(TextLayout(text: "日本", font: fonts.source(for: "日本")).height == 16)
    }
}
