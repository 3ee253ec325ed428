import Testing
@testable import MarqueeCore

/// The `vertical` mode (docs/display.md, "Display modes"): where its lines
/// stand as a function of the mode clock, the window a frame reads, and
/// what the motion policy leaves of it.
@Suite("The vertical mode")
struct VerticalTests {
    /// 6 lines of 12 panel rows, 2 in view, 10 characters a line.
    static let run = Vertical.Run(lines: 6, stride: 12, inView: 2, charactersPerLine: 10)

    @Test("a line stands while it is read, then the next rolls up in 0.3 s, in whole rows")
    func standThenRoll() {
        // 10 characters at 5 a second: 2 s standing, 2.3 s a line.
        let line = Vertical.lineSeconds(Self.run, charactersPerSecond: 5)
        #expect(abs(line - 2.3) < 1e-9)
        for t in [0.0, 0.5, 1.99] { #expect(Vertical.offset(at: t, run: Self.run, charactersPerSecond: 5) == 0, "at \(t)") }
        #expect(Vertical.offset(at: 2.15, run: Self.run, charactersPerSecond: 5) == 6)
        #expect(Vertical.offset(at: 2.31, run: Self.run, charactersPerSecond: 5) == 12)
        #expect(Vertical.offset(at: 2.3 + 1.5, run: Self.run, charactersPerSecond: 5) == 12)
        // A short line still stands 0.8 s.
        #expect(abs(Vertical.lineSeconds(Self.run, charactersPerSecond: 20) - 1.1) < 1e-9)
    }

    @Test("after the last line and a blank one the first comes round: a period of (lines + 1) lines")
    func goesRound() {
        let line = Vertical.lineSeconds(Self.run, charactersPerSecond: 5)
        let period = line * 7
        #expect(Self.run.period == 84)
        for t in [0.4, 2.2, 5.0, 13.9] {
            #expect(Vertical.offset(at: t, run: Self.run, charactersPerSecond: 5)
                == Vertical.offset(at: t + period, run: Self.run, charactersPerSecond: 5), "at \(t)")
        }
        #expect((0..<7000).allSatisfy { Vertical.offset(at: Double($0) * 0.01, run: Self.run, charactersPerSecond: 5) < 84 })
    }

    @Test("the classic grid moves a big LED at a time; lines that all fit do not move")
    func stepsAndStill() {
        let classic = Vertical.Run(lines: 6, stride: 12, inView: 2, charactersPerLine: 10, step: 4)
        let offsets = Set((0..<700).map { Vertical.offset(at: Double($0) * 0.01, run: classic, charactersPerSecond: 5) })
        #expect(offsets.allSatisfy { $0 % 4 == 0 } && offsets.count > 3)
        let fits = Vertical.Run(lines: 2, stride: 12, inView: 2, charactersPerLine: 10)
        #expect(!fits.moves && Vertical.offset(at: 3, run: fits, charactersPerSecond: 5) == 0)
        #expect(Vertical.nextChange(after: 3, run: fits, charactersPerSecond: 5) == .infinity)
    }

    @Test("the next change is the roll's start while a line stands, then each step of the roll")
    func nextChange() {
        #expect(abs(Vertical.nextChange(after: 0.5, run: Self.run, charactersPerSecond: 5) - 2.0) < 1e-9)
        let inRoll = Vertical.nextChange(after: 2.1, run: Self.run, charactersPerSecond: 5)
        // A row every 0.3 / 12 s.
        #expect(inRoll > 2.1 && inRoll <= 2.1 + 0.025 + 1e-9)
        #expect(Vertical.offset(at: inRoll, run: Self.run, charactersPerSecond: 5)
            != Vertical.offset(at: 2.1, run: Self.run, charactersPerSecond: 5))
    }

    @Test("a window reads only the band's lines, however long the message")
    func windowFollowsThePanel() throws {
        let text = Array(repeating: "WORDS TO READ", count: 300).joined(separator: " ")
        let strip = try #require(RestLayout.strip(text: text, font: LEDFont.builtIn, panelColumns: 60, panelRows: 30, scale: 1))
        let run = Vertical.Run(strip: strip, panelRows: 30, characters: text.count, step: 1)
        #expect(run.lines > 100 && run.moves && run.inView >= 2)
        for rows in [0, 5, run.stride, run.period - 3, 12_345] {
            let window = strip.window(movedUp: rows, panelRows: 30, linesInView: run.inView, period: run.period)
            #expect(window.lines.count <= run.inView + 1, "moved \(rows)")
            let band = try #require(window.shownRows)
            #expect((0..<30).allSatisfy { band.contains($0) || window.fontRow(atPanelRow: $0) == nil })
        }
        // Before it moves, the first line stands at the band's top, whole.
        let first = strip.window(movedUp: 0, panelRows: 30, linesInView: run.inView, period: run.period)
        #expect(first.lines.first?.text == strip.lines.first?.text && first.lines.first?.top == first.shownRows?.lowerBound)
    }

    /// A flow of `text` in the vertical mode, measured as the host would
    /// (6 lines, 2 in view), started at 0.
    static func flow(_ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        settings.mode = .vertical
        settings.enter = .cut
        settings.idleTimeout = 0
        configure(&settings)
        var state = PlayerState(cues: [Cue(text: "A LONG MESSAGE", seconds: 30), Cue(text: "NEXT", seconds: 5)], settings: settings,
                                seed: 3, at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.idleTimeout, at: 0)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 600, panelLEDs: 80, restPages: 3, vertical: Self.run)), at: 0)
        return state
    }

    @Test("moving, the scene carries the strip's place and no page; the ticker waits for the roll")
    func moving() {
        let state = Self.flow()
        #expect(state.verticalMoves && state.restPages == 1)
        let standing = state.scene(at: 1, columns: 80, rows: 20, lineHeight: 7)
        #expect(standing.placement == .rest && standing.verticalRows == 0 && standing.page == nil)
        let line = Vertical.lineSeconds(Self.run, charactersPerSecond: state.clock.speed)
        #expect(state.scene(at: line + 0.01, columns: 80, rows: 20, lineHeight: 7).verticalRows == 12)
        #expect(abs(state.nextModeChange(after: 0.2) - (line - Vertical.rollSeconds)) < 1e-6)
    }

    @Test("stopped (reduce motion) it is the message at rest in its pages, with no ticks")
    func stopped() {
        let state = Self.flow { $0.reduceMotion = true }
        #expect(!state.verticalMoves && state.restPages == 3)
        #expect(state.scene(at: 4, columns: 80, rows: 20, lineHeight: 7).verticalRows == nil)
        #expect(state.nextModeChange(after: 1) == .infinity && state.frameTickerID.framesPerSecond == 0)
    }
}
