import Testing
@testable import MarqueeCore

/// `--speed` is in characters a second (half the letter height each), so a
/// message reads at the same rate at every size, and the automatic scale
/// keeps six characters in view (issue 26, item 2).
@Suite("Reading speed")
struct ReadingSpeedTests {
    static let sizes = [(80, 24), (200, 50), (240, 67)]

    /// A single message scrolling on a terminal of `columns` x `rows`,
    /// measured as the host measures it.
    static func sign(_ text: String, columns: Int, rows: Int,
                     _ configure: (inout PlayerSettings) -> Void = { _ in }) -> (PlayerState, TextLayout, ScreenGeometry) {
        var settings = PlayerSettings()
        configure(&settings)
        var state = PlayerState(cues: [Cue(text: text)], settings: settings, at: 0)
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        let geometry = state.geometry(columns: columns, rows: rows, lineHeight: layout.inkRows.count,
                                      letterWidth: TextLayout.averageLetterWidth(font: LEDFont.builtIn))
        let measure = MessageMeasure(layout: layout, geometry: geometry, plainText: TerminalLine(text), caption: nil)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(measure), at: 0)
        return (state, layout, geometry)
    }

    static func offset(_ scene: MarqueeScene) -> Int {
        if case let .scrolling(offset, _) = scene.placement { return offset }
        return -1
    }

    @Test("letters go by at the same rate at 80x24, 200x50 and 240x67: 4 to 6 a second by default",
          arguments: sizes)
    func sameRateAtEverySize(columns: Int, rows: Int) {
        let (state, layout, geometry) = Self.sign("HELLO WORLD", columns: columns, rows: rows)
        let lineHeight = layout.inkRows.count
        let width = TextLayout.averageLetterWidth(font: LEDFont.builtIn)
        let from = Self.offset(state.scene(at: 1, columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: width))
        let to = Self.offset(state.scene(at: 11, columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: width))
        // The built-in capitals are 6 font pixels apart.
        let lettersPerSecond = Double(to - from) / Double(6 * geometry.scale) / 10
        #expect(lettersPerSecond >= 4 && lettersPerSecond <= 6, "\(columns)x\(rows): \(lettersPerSecond) letters a second")
        // The unit itself: 5 characters of half the letter height a second.
        #expect(abs(Double(to - from) / 10 - 5 * 5.5 * Double(geometry.scale)) <= 0.1)
    }

    @Test("the automatic scale keeps at least six average letters in view, and is the largest that does", arguments: sizes)
    func sixLettersInView(columns: Int, rows: Int) throws {
        let (_, _, geometry) = Self.sign("HELLO WORLD", columns: columns, rows: rows)
        let average = try #require(TextLayout.averageLetterWidth(font: LEDFont.builtIn))
        #expect(abs(average - 5.79) < 0.01)
        #expect(Double(geometry.panelColumns) / (average * Double(geometry.scale)) >= 6, "\(columns)x\(rows): scale \(geometry.scale)")
        // One size larger would not keep six in view.
        #expect(Double(geometry.panelColumns) / (average * Double(geometry.scale + 1)) < 6)
    }

    @Test("scales: 1 at 80x24, 2 at 200x50, 3 at 240x67; --scale still sets it by hand")
    func scales() {
        #expect(Self.sign("HELLO", columns: 80, rows: 24).2.scale == 1)
        #expect(Self.sign("HELLO", columns: 200, rows: 50).2.scale == 2)
        #expect(Self.sign("HELLO", columns: 240, rows: 67).2.scale == 3)
        #expect(Self.sign("HELLO", columns: 80, rows: 24) { $0.scale = 3 }.2.scale == 3)
    }

    @Test("the pass takes the text's characters at the speed, whatever the scale", arguments: sizes)
    func passInCharacters(columns: Int, rows: Int) throws {
        let text = String(repeating: "WELCOME ", count: 6)
        let (state, layout, geometry) = Self.sign(text, columns: columns, rows: rows)
        let deadline = try #require(state.passDeadline)
        // A single message looping crosses its own width: width / (5.5 * scale) characters.
        let characters = Double(layout.inkWidth * geometry.scale) / (5.5 * Double(geometry.scale))
        #expect(abs(deadline - characters / 5) < 1e-6)
    }

    @Test("the next step is one LED on, in characters")
    func nextStepInLEDs() {
        var clock = ScrollClock(speed: 5)
        clock.setRunning(true, at: 0)
        // 5 characters of 16.5 LEDs a second: an LED every 1/82.5 s.
        #expect(abs(clock.nextStep(after: 0, stepsPerUnit: 16.5) - 1 / 82.5) < 1e-9)
    }

    @Test("speeds beyond ±20 are refused with the old unit's figure; the default is 5")
    func oldSpeedsRefused() throws {
        #expect(PlayerSettings().speed == 5)
        #expect(PlayerSettings.speedRefusal(20) == nil && PlayerSettings.speedRefusal(-0.5) == nil)
        let refusal = try #require(PlayerSettings.speedRefusal(24))
        #expect(refusal.contains("characters a second") && refusal.contains("-20 to 20") && refusal.contains("about 1.3 at 80x24"))
        #expect(PlayerSettings.speedRefusal(.nan) != nil)
        #expect(!refusal.contains("\n"))
    }

    @Test("+ and - step in characters: - stops at 1, + from still starts at 2, at most 20")
    func keys() {
        var (state, _, _) = Self.sign("HELLO", columns: 80, rows: 24) { $0.speed = 1.1 }
        _ = state.reduce(.key(.character("-")), at: 1)
        #expect(state.clock.speed == 1)
        for _ in 0..<30 { _ = state.reduce(.key(.character("+")), at: 1) }
        #expect(state.clock.speed == 20)
        #expect(state.controlsLine(columns: 200).contains("← 20 char/s"))
    }
}
