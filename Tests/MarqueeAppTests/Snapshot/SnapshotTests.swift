import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Snapshot")
@MainActor
struct SnapshotTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

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
@MainActor
struct UnifontSnapshotTests {
    @Test("日本 renders in 16-row glyphs, no placeholder",
          .enabled(if: FileManager.default.isReadableFile(atPath: "/usr/share/unifont/unifont.hex"),
                   "the unifont package is not installed: skipped"))
    func japanese() throws {
        let fonts = try FontLoader.stack(path: nil)
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

@Suite("Snapshot default moment")
@MainActor
struct SnapshotDefaultTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    static func litColumns(_ text: String) -> [Int] {
        text.split(separator: "\n").flatMap { line in line.enumerated().filter { $0.element == "●" }.map(\.offset) }
    }

    @Test("without --at a message that fits is shown at rest, whole and centred")
    func fits() throws {
        let text = Snapshot.render(cues: [Cue(text: "HELLO")], settings: PlayerSettings(), fonts: Self.fonts,
                                   columns: 80, rows: 24, at: nil)
        let columns = Self.litColumns(text)
        let first = try #require(columns.min())
        let last = try #require(columns.max())
        #expect(abs(first - (80 - 1 - last)) <= 3, "centred to the LED: \(first)…\(last)")
    }

    @Test("without --at a wide message is shown with its first letter at the left edge")
    func wide() throws {
        let message = "A MESSAGE FAR TOO WIDE FOR THIS SIGN"
        let text = Snapshot.render(cues: [Cue(text: message)], settings: PlayerSettings(), fonts: Self.fonts,
                                   columns: 80, rows: 24, at: nil)
        let columns = Self.litColumns(text)
        #expect(columns.min() == 0, "the A's left stem at the left edge")
        #expect(Set(columns).count > 15, "the sign is full of text (LEDs on every other column)")
        // --at 0 still means the moment of entry: nothing in view yet.
        let entry = Snapshot.render(cues: [Cue(text: message)], settings: PlayerSettings(), fonts: Self.fonts,
                                    columns: 80, rows: 24, at: 0)
        #expect(Self.litColumns(entry).isEmpty)
    }

    @Test("--snapshot of a flow follows the pass-aware wait")
    func flowPass() {
        var settings = PlayerSettings()
        settings.speed = 20
        let cues = [Cue(text: "A MESSAGE FAR TOO WIDE FOR THIS SIGN", seconds: 2), Cue(text: "OK", seconds: 2)]
        // Scale 1 on 80x24, 20 characters of 5.5 LEDs a second: the first
        // message is about 200 LEDs wide on a 40-LED sign, a pass of about
        // 1.5 s, so at 2.5 s it is still shown although its 2 s are up.
        let early = Snapshot.render(cues: cues, settings: settings, fonts: Self.fonts, columns: 80, rows: 24, at: 2.5)
        #expect(!early.isEmpty)
        let okAlone = Snapshot.render(cues: [Cue(text: "OK")], settings: settings, fonts: Self.fonts, columns: 80, rows: 24, at: nil)
        #expect(early != okAlone)
        let late = Snapshot.render(cues: cues, settings: settings, fonts: Self.fonts, columns: 80, rows: 24, at: 30)
        #expect(Set(late.split(separator: "\n")).count > 1)
    }
}

@Suite("Captions and plain text")
@MainActor
struct CaptionRenderingTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test("a caption wider than the terminal wraps at words onto two rows, never cut mid-word")
    func twoRows() {
        var settings = PlayerSettings()
        settings.staticText = true
        let caption = "A function that calls itself until the problem is small"
        let text = Snapshot.render(cues: [Cue(text: "HI", caption: caption)], settings: settings, fonts: Self.fonts,
                                   columns: 40, rows: 16, at: 0)
        let rows = Self.lines(text)
        let captionRows = rows.filter { row in caption.split(separator: " ").contains { row.contains($0) } && !row.contains("●") }
        #expect(captionRows.count == 2, "\(rows)")
        let words = captionRows.flatMap { $0.split(separator: " ") }
        #expect(words.map(String.init) == caption.split(separator: " ").map(String.init))
    }

    @Test("the plain-text fallback of a tiny pane scrolls instead of being cut")
    func plainScrolls() {
        let message = "A LONG MESSAGE FOR A TINY PANE"
        let first = Snapshot.render(cues: [Cue(text: message)], settings: PlayerSettings(), fonts: Self.fonts,
                                    columns: 10, rows: 3, at: 1)
        let later = Snapshot.render(cues: [Cue(text: message)], settings: PlayerSettings(), fonts: Self.fonts,
                                    columns: 10, rows: 3, at: 1.5)
        #expect(first != later, "it moves")
        #expect(first.contains("A") || first.contains("L"))
    }

    @Test("at rest, plain text wraps at words in the pane")
    func plainRest() {
        var settings = PlayerSettings()
        settings.staticText = true
        let text = Snapshot.render(cues: [Cue(text: "TWO WORDS")], settings: settings, fonts: Self.fonts,
                                   columns: 6, rows: 3, at: 0)
        #expect(Self.lines(text).contains { $0.contains("TWO") })
        #expect(Self.lines(text).contains { $0.contains("WORDS") })
    }
}

@Suite("Plain text as written")
@MainActor
struct PlainTextAsWrittenTests {
    @Test("a Hebrew caption is drawn in display order on the caption row")
    func hebrewCaption() {
        var settings = PlayerSettings()
        settings.staticText = true
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)
        let text = Snapshot.render(cues: [Cue(text: "HI", caption: "ON AIR שלום 123")], settings: settings, fonts: fonts,
                                   columns: 40, rows: 16, at: 0)
        #expect(text.contains("ON AIR 123 םולש"))
        #expect(!text.contains("שלום"))
    }
}
