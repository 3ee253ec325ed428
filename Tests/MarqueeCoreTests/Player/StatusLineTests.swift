import Testing
@testable import MarqueeCore

/// The controls line says what is true now (docs/status-line.md).
@Suite("Status line")
struct StatusLineTests {
    static let cool = PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal 49°C", powerText: "AC", source: "test")

    /// A started sign of `cues` messages with a power reading of `power`;
    /// unmeasured, a message scrolls and its seconds run at once.
    static func sign(cues: Int = 3, power: PowerConditions = cool, measure: MessageMeasure? = nil,
                     _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        configure(&settings)
        var state = PlayerState(cues: (0..<cues).map { Cue(text: "M\($0)", seconds: 5) }, settings: settings, seed: 1, at: 0)
        _ = state.reduce(.power(power), at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(measure), at: 0)
        return state
    }

    @Test("playing: every field, and the rate the countdown bar draws at")
    func playing() {
        let state = Self.sign()
        #expect(state.controlsVisible, "shown at start")
        #expect(state.controlsLine == " 1/3  ▶ playing  60 fps  ← 5 char/s  thermal nominal 49°C  power AC  tier full  ? help")
    }

    @Test("a single scrolling message draws a frame per LED step, not the ticker's full rate")
    func framesFollowTheScroll() {
        // 5 characters of 5.5 LEDs a second: 27.5 steps.
        var state = Self.sign(cues: 1, measure: MessageMeasure(textLEDs: 500, panelLEDs: 40, ledsPerCharacter: 5.5))
        #expect(state.frameTickerID.framesPerSecond == 60)
        #expect(state.controlsLine.contains("  28 fps  ← 5 char/s  "))
        for _ in 0..<20 { _ = state.reduce(.key(.character("+")), at: 1) }
        #expect(state.controlsLine.contains("  60 fps  "), "faster than the rate: every slot draws")
    }

    @Test("paused, done, and held at rest say why no frame is drawn")
    func still() {
        var paused = Self.sign()
        _ = paused.reduce(.key(.character(" ")), at: 1)
        #expect(paused.controlsLine.hasPrefix(" 1/3  ‖ paused  0 fps (paused)  ← 5 char/s  "))

        var done = Self.sign(cues: 2) { $0.loop = false }
        _ = done.reduce(.advanceDue, at: 5)
        _ = done.reduce(.advanceDue, at: 10)
        #expect(done.completed)
        #expect(done.controlsLine.hasPrefix(" 2/2  ■ done  0 fps (done)  "))

        let resting = Self.sign(cues: 1) { $0.staticText = true }
        #expect(resting.controlsLine.hasPrefix(" 1/1  ▶ playing  0 fps (at rest)  static  "))

        var held = Self.sign(measure: MessageMeasure(textLEDs: 40, panelLEDs: 100))
        #expect(held.controlsLine.contains("  60 fps  "), "a flow's countdown bar runs while the line is up")
        _ = held.reduce(.idleTimeout, at: 1)
        #expect(held.framesDrawnPerSecond == 0)
        #expect(held.controlsLine.contains("  0 fps (at rest)  "))
    }

    enum Stop: String, CaseIterable, CustomTestStringConvertible {
        case heat = "heat", lowPower = "low power", reduceMotion = "reduce motion", background = "in background"
        case displayOff = "display off"
        var testDescription: String { rawValue }
    }

    @Test("a stop by the motion policy says so and never says playing", arguments: Stop.allCases)
    func stoppedByPolicy(stop: Stop) {
        var state = Self.sign { settings in
            switch stop {
            case .heat: settings.thermalOverride = .serious
            case .lowPower: settings.lowPowerOverride = true
            case .reduceMotion: settings.reduceMotion = true
            case .background, .displayOff: break
            }
        }
        if stop == .background { _ = state.reduce(.scene(.background), at: 1) }
        if stop == .displayOff {
            var dark = Self.cool
            dark.display = .off
            _ = state.reduce(.power(dark), at: 1)
        }
        let stopped = switch stop {
        case .background: "■ stopped in background"
        case .displayOff: "■ display off"
        default: "■ stopped by \(stop.rawValue)"
        }
        #expect(state.controlsLine.hasPrefix(" 1/3  \(stopped)  0 fps (\(stop.rawValue))  ← 5 char/s  "))
        #expect(!state.controlsLine.contains("playing"))
    }

    @Test("paused, then stopped by the policy: both are said")
    func pausedThenStopped() {
        var state = Self.sign()
        _ = state.reduce(.key(.character(" ")), at: 1)
        _ = state.reduce(.power(PowerConditions(thermal: .critical, lowPower: false, thermalText: "critical 97°C", powerText: "AC",
                                                source: "test")), at: 2)
        #expect(state.controlsLine.hasPrefix(" 1/3  ■ stopped by heat, paused  0 fps (heat)  "))
    }

    @Test("simulated thermal and power are marked as such, with the tier they give")
    func simulated() {
        let state = Self.sign { $0.thermalOverride = .fair }
        #expect(state.controlsLine == " 1/3  ▶ playing  30 fps  ← 5 char/s  thermal fair (simulated)  power AC  tier reduced  ? help")
        let low = Self.sign { $0.lowPowerOverride = false }
        #expect(low.controlsLine.hasSuffix("  thermal nominal 49°C  power normal power (simulated)  tier full  ? help"))
        let battery = Self.sign { $0.lowPowerOverride = true }
        #expect(battery.controlsLine.hasSuffix("  power low-power (simulated)  tier reduced  ? help"))
        let unknown = Self.sign(power: .unknown)
        // A machine without sensors: nothing said of them rather than "unknown".
        #expect(unknown.controlsLine == " 1/3  ▶ playing  60 fps  ← 5 char/s  tier full  ? help")
        let simulatedOnUnknown = Self.sign(power: .unknown) { $0.thermalOverride = .fair }
        #expect(simulatedOnUnknown.controlsLine.hasSuffix("  thermal fair (simulated)  tier reduced  ? help"))
    }

    @Test("speed: its direction, its figure, and static only on purpose")
    func speed() {
        var state = Self.sign()
        _ = state.reduce(.key(.character("r")), at: 1)
        #expect(state.controlsLine.contains("  → 5 char/s  "))
        for _ in 0..<3 { _ = state.reduce(.key(.character("-")), at: 1) }
        #expect(state.controlsLine.contains("  → 2.6 char/s  "), "5 / 1.25³ = 2.56: tenths below 10")
        let slow = Self.sign { $0.speed = 1.5 }
        #expect(slow.controlsLine.contains("  ← 1.5 char/s  "))
        let backwards = Self.sign { $0.speed = -12.4 }
        #expect(backwards.controlsLine.contains("  → 12 char/s  "), "whole figures from 10 up")
        let zero = Self.sign { $0.speed = 0 }
        #expect(zero.controlsLine.contains("  static  "))
    }

    @Test("narrow terminals drop tier, power, thermal, then the position; 40 and 80 columns")
    func narrow() {
        let state = Self.sign()
        #expect(state.controlsLine(columns: 80) == " 1/3  ▶ playing  60 fps  ← 5 char/s  thermal nominal 49°C  power AC  ? help")
        #expect(state.controlsLine(columns: 60) == " 1/3  ▶ playing  60 fps  ← 5 char/s  ? help")
        #expect(state.controlsLine(columns: 40) == " ▶ playing  60 fps  ← 5 char/s  ? help")
        #expect(state.controlsLine(columns: 30) == " ▶ playing  60 fps  ? help")
        #expect(state.controlsLine(columns: 20) == " ▶ playing  ? help")
        #expect(state.controlsLine(columns: 5) == " ▶ playing", "the play state stays; the frame cuts it at the edge")
        for columns in [20, 30, 40, 60, 80, 120] {
            #expect(TerminalText.cellWidth(of: state.controlsLine(columns: columns)) <= columns)
        }
        var stopped = Self.sign { $0.lowPowerOverride = true }
        _ = stopped.reduce(.idleTimeout, at: 1)
        _ = stopped.reduce(.key(.character("x")), at: 1)
        #expect(stopped.controlsLine(columns: 80) == " 1/3  ■ stopped by low power  0 fps (low power)  ← 5 char/s  ? help")
        #expect(stopped.controlsLine(columns: 40) == " ■ stopped by low power  ? help")
    }

    @Test("the scene carries the line fitted to its terminal, spelled for the console's font")
    func scene() {
        var state = Self.sign()
        #expect(state.scene(at: 1, columns: 40, rows: 12, lineHeight: 7).controls == " ▶ playing  60 fps  ← 5 char/s  ? help")
        state.adapt(to: TerminalGlyphs(repertoire: .linuxConsole, coarseColor: true))
        _ = state.reduce(.key(.character(" ")), at: 1)
        let line = state.scene(at: 1, columns: 40, rows: 12, lineHeight: 7).controls
        #expect(line == " || paused  0 fps (paused)  ? help", "'||' is one cell wider than '‖', and the fit counts it")
    }

    @Test("a notice takes the line; what it quotes is shown, not run")
    func notice() {
        var state = Self.sign()
        _ = state.reduce(.notice("cues\u{1B}[2J.txt: reload failed"), at: 1)
        #expect(state.controlsLine == " cues\\e[2J.txt: reload failed")
        _ = state.reduce(.key(.character("x")), at: 4)
        #expect(state.controlsLine.hasSuffix("? help"), "a key after its 3 s clears it")
    }
}
