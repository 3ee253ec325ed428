import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// Golden frames of every display mode at 80x24 (docs/display.md, "Display
/// modes"), played by the real engine on a virtual clock (`VirtualSign`):
/// each stay mode at the start, middle and end of its loop; each
/// transition at the start, middle and end of its enter, and of its exit
/// before the next message. Compared with `Tests/Fixtures/Golden/modes/`;
/// made again on purpose with
///
/// ```
/// LEDMARQUEE_UPDATE_GOLDEN=1 swift test --skip-build --filter ModeGoldenTests
/// git diff Tests/Fixtures/Golden/modes/
/// ```
@Suite("Display modes' golden frames")
@MainActor
struct ModeGoldenTests {
    static let updating = ProcessInfo.processInfo.environment["LEDMARQUEE_UPDATE_GOLDEN"] == "1"
    static let seconds = 3.0

    static func file(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/Golden/modes/\(name).txt").standardizedFileURL
    }

    /// A sign of 80x24 with these modes, nobody at the keys; `texts` is its flow.
    static func sign(mode: StayMode = .hold, enter: Transition = .cut, exit: Transition = .cut,
                     texts: [String] = ["SALE", "OPEN"], speed: Double = PlayerSettings.standardSpeed,
                     monochrome: Bool? = nil) -> VirtualSign {
        var settings = PlayerSettings()
        settings.mode = mode
        settings.enter = enter
        settings.exit = exit
        settings.speed = speed
        settings.idleTimeout = 0
        settings.glyphs = .standard
        // Unlit LEDs as `·`, so the text itself shows the picture; the
        // modes that draw in shades or hues keep the colours they need.
        settings.monochrome = monochrome ?? (![StayMode.cycle, .twinkle].contains(mode) && enter != .sparkle)
        let cues = texts.map { Cue(text: $0, seconds: seconds) }
        return VirtualSign(cues: cues, settings: settings, fonts: FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil), columns: 80, rows: 24, wallStart: 0)
    }

    /// The frames of `sign` at `times`, as one golden text.
    static func frames(_ sign: VirtualSign, at times: [Double], title: String) -> String {
        times.map { time in
            sign.run(until: time)
            return GoldenFrame.text(sign.frame(at: time), title: "\(title) at \(time) s")
        }.joined(separator: "\n")
    }

    static func compare(_ shown: String, with name: String) throws {
        let url = file(name)
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try shown.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(shown == golden, "\(name) differs from \(url.lastPathComponent)")
    }

    /// The seconds of one loop of `mode` for the test's messages (bounce:
    /// `LONG` is wider than the sign).
    static func period(_ mode: StayMode, sign: VirtualSign) -> Double {
        switch mode {
        case .hold: return 4
        case .scroll:
            return Double(sign.scrollPeriod() ?? 0) / (sign.engine.state.clock.speed * sign.engine.state.ledsPerCharacter)
        case .flash: return 1
        case .cycle: return 2
        case .twinkle: return 8
        case .bounce:
            let state = sign.engine.state
            let distance = (state.measure?.textLEDs ?? 0) - (state.measure?.panelLEDs ?? 0)
            return 2 * (Double(distance) / (state.clock.speed * state.ledsPerCharacter) + 1)
        case .vertical:
            let state = sign.engine.state
            guard let run = state.measure?.vertical else { return 0 }
            return Vertical.lineSeconds(run, charactersPerSecond: state.clock.speed) * Double(run.lines + 1)
        }
    }

    static let long = "THE LONGEST SALE IN TOWN"
    /// Lines enough that `vertical` moves them at 80x24.
    static let tall = "OPEN TODAY FROM NINE TO FIVE SO COME IN AND SAY HELLO"

    /// The test's message for `mode`: one that moves in it.
    static func text(for mode: StayMode) -> String {
        switch mode {
        case .bounce: return long
        case .vertical: return tall
        default: return "SALE"
        }
    }

    @Test("each stay mode at the start, middle and end of its loop", arguments: StayMode.allCases)
    func stay(mode: StayMode) throws {
        let sign = Self.sign(mode: mode, texts: [Self.text(for: mode)])
        sign.run(until: 0)
        let period = Self.period(mode, sign: sign)
        try Self.compare(Self.frames(sign, at: [0, period * 0.5, period * 0.9], title: "mode \(mode.rawValue)"),
                         with: "mode-\(mode.rawValue)")
    }

    @Test("each transition at the start, middle and end of its enter and of its exit", arguments: Transition.allCases)
    func transition(transition: Transition) throws {
        let sign = Self.sign(enter: transition, exit: transition)
        sign.run(until: 0)
        let length = sign.engine.state.enterSeconds
        // The message is fully shown at the enter's end; its seconds run from there.
        let advance = length + Self.seconds
        let exit = sign.engine.state.drawnExit?.seconds ?? 0
        let times = [0, length / 2, max(0, length - 0.01), advance - exit, advance - exit / 2, advance - 0.01]
        try Self.compare(Self.frames(sign, at: times, title: "transition \(transition.rawValue)"),
                         with: "transition-\(transition.rawValue)")
    }

    @Test("every transition's last frame is the message at rest, and its exit starts from it", arguments: Transition.allCases)
    func endsAtRest(transition: Transition) {
        let moving = Self.sign(enter: transition, exit: transition)
        // The message at rest, with nothing coming or going.
        let still = Self.sign(monochrome: transition != .sparkle)
        still.run(until: 1)
        // Glyphs and shades: in colour, lit and unlit LEDs are one glyph.
        let rest = GoldenFrame.text(still.frame(at: 1), title: "")
        moving.run(until: 0)
        let length = moving.engine.state.enterSeconds
        let exit = max(0.01, moving.engine.state.drawnExit?.seconds ?? 0)
        for time in [length, length + 0.5, length + Self.seconds - exit] {
            moving.run(until: time)
            #expect(GoldenFrame.text(moving.frame(at: time), title: "") == rest, "\(transition.rawValue) at \(time) s")
        }
        if transition.drawsFrames {
            let start = Self.sign(enter: transition, exit: transition)
            start.run(until: length / 2)
            #expect(length > 0 && GoldenFrame.text(start.frame(at: length / 2), title: "") != rest, "\(transition.rawValue) draws nothing")
        }
    }

    @Test("every loop's frame at t + its period is its frame at t", arguments: StayMode.allCases)
    func loops(mode: StayMode) {
        let sign = Self.sign(mode: mode, texts: [Self.text(for: mode)])
        sign.run(until: 0)
        let period = Self.period(mode, sign: sign)
        #expect(period > 0)
        for time in [0.0, 0.3, 1.7, 2.45] {
            sign.run(until: time + period)
            #expect(sign.frame(at: time).text == sign.frame(at: time + period).text, "\(mode.rawValue) at \(time) s")
        }
        // And it moves: some frame within the loop differs from the first.
        if mode != .hold, mode != .scroll {
            let frames = Set(stride(from: 0.0, to: period, by: period / 16).map { sign.frame(at: $0).text })
            // Cycle moves hues only: each cell's inks, hue and all.
            let shades = Set(stride(from: 0.0, to: period, by: period / 16).map { time in
                let frame = sign.frame(at: time)
                return (0..<frame.rows).flatMap { row in (0..<frame.columns).map { frame[row, $0].foreground.code } }
            })
            #expect(frames.count > 1 || shades.count > 1, "\(mode.rawValue) stands still")
        }
    }

    @Test("random picks one transition per message, the same every run, and not the same for every message")
    func randomIsSeeded() {
        let picks = ["SALE", "OPEN", "CLOSED", "BACK SOON", "TODAY ONLY", "FRESH BREAD"].enumerated().map { index, text in
            Transition.random.resolved(seed: ModeSeed.of(text: text, index: index))
        }
        #expect(picks.allSatisfy { $0.drawsFrames })
        #expect(Set(picks).count > 1)
        let again = ["SALE", "OPEN"].enumerated().map { Transition.random.resolved(seed: ModeSeed.of(text: $1, index: $0)) }
        #expect(Array(picks.prefix(2)) == again)
    }
}

extension ModeGoldenTests {
    @Test("a snapshot without --at shows the message after its enter, not the dark sign it comes from")
    func snapshotAfterEnter() {
        var settings = PlayerSettings()
        settings.mode = .hold
        settings.enter = .wipeLeft
        let (sign, at) = Snapshot.moment(cues: [Cue(text: "OPEN")], settings: settings,
                                         fonts: FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil),
                                         columns: 80, rows: 24, at: nil, wallStart: 0)
        #expect(at == Transition.wipeLeft.seconds)
        let still = Self.sign(texts: ["OPEN"], monochrome: false)
        still.run(until: 1)
        #expect(GoldenFrame.text(sign.frame(at: at), title: "") == GoldenFrame.text(still.frame(at: 1), title: ""))
    }
}
