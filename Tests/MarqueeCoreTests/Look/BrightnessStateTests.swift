import Testing
@testable import MarqueeCore

/// Where the brightness lives (docs/display.md, "Brightness"): the sign's
/// `--brightness`, a message's own, and quiet hours' `dim` as a ceiling,
/// read from the state into the scene, the status and nowhere else.
@Suite("Brightness in the player")
struct BrightnessStateTests {
    /// The message-looks suite's flow and scene: the same player, read for brightness.
    static func flow(_ looks: [CueLook], _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        CueLookStateTests.flow(looks, configure)
    }

    static func scene(_ state: PlayerState, at t: Double = 1) -> MarqueeScene {
        CueLookStateTests.scene(state, at: t)
    }

    static func percent(_ value: Int) -> Brightness { Brightness(percent: value)! }

    @Test("--brightness reaches the scene and the status; the default is full")
    func signBrightness() {
        #expect(Self.scene(Self.flow([.none])).brightness == 1)
        let state = Self.flow([.none]) { $0.brightness = Self.percent(40) }
        #expect(Self.scene(state).brightness == 0.4)
        #expect(state.statusSnapshot(at: 1).brightness == 40)
    }

    @Test("a message's own brightness wins over the sign's, for as long as it shows")
    func messageBrightness() {
        var state = Self.flow([CueLook(brightness: Self.percent(70)), .none]) { $0.brightness = Self.percent(30) }
        #expect(Self.scene(state).brightness == 0.7 && state.statusSnapshot(at: 1).brightness == 70)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(Self.scene(state).brightness == 0.3)
    }

    @Test("a say's brightness shows while it stands; the flow's comes back after it")
    func interruptBrightness() {
        var state = Self.flow([.none])
        let say = Interrupt(cue: Cue(text: "FAILED", look: CueLook(brightness: Self.percent(15))), duration: 10)
        _ = state.reduce(remote: .say(say), at: 1)
        #expect(Self.scene(state, at: 2).brightness == 0.15 && state.statusSnapshot(at: 2).brightness == 15)
        _ = state.reduce(remote: .clear, at: 3)
        #expect(Self.scene(state, at: 4).brightness == 1)
    }

    /// A sign with quiet hours 22:00-07:00 in `mode`, read at `time` (today).
    static func quiet(_ mode: QuietHours.Mode, at time: String, looks: [CueLook] = [.none],
                      _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var state = flow(looks) { settings in
            settings.quiet = QuietHours(windows: try! TimeWindow.parseList("22:00-07:00"), mode: mode)
            configure(&settings)
        }
        _ = state.reduce(.localTime(LocalMoment(parsing: "2026-12-01T" + time)!), at: 0.5)
        return state
    }

    @Test("quiet hours' dim is a ceiling: a brighter sign or message comes down to it, a dimmer one stays as it is")
    func quietCeiling() {
        #expect(Self.scene(Self.quiet(.dim(percent: 20), at: "23:00")).brightness == 0.2)
        #expect(Self.scene(Self.quiet(.dim(percent: 20), at: "23:00") { $0.brightness = Self.percent(60) }).brightness == 0.2)
        #expect(Self.scene(Self.quiet(.dim(percent: 20), at: "23:00") { $0.brightness = Self.percent(10) }).brightness == 0.1)
        let message = Self.quiet(.dim(percent: 20), at: "23:00", looks: [CueLook(brightness: .full)])
        #expect(Self.scene(message).brightness == 0.2 && message.statusSnapshot(at: 1).brightness == 20)
        #expect(Self.scene(Self.quiet(.dim(percent: 20), at: "12:00") { $0.brightness = Self.percent(60) }).brightness == 0.6,
                "outside quiet hours the sign's own")
    }

    @Test("a key lights a quiet sign to its own brightness, not to full")
    func keyLightsToOwnBrightness() {
        var state = Self.quiet(.dim(percent: 20), at: "23:00") { $0.brightness = Self.percent(50) }
        _ = state.reduce(.key(.character(" ")), at: 1)
        #expect(Self.scene(state).brightness == 0.5)
        _ = state.reduce(.idleTimeout, at: 5)
        #expect(Self.scene(state).brightness == 0.2)
    }

    @Test("a change of brightness is a change of state: the kept scene template goes stale")
    func templateFollows() {
        var state = Self.flow([CueLook(brightness: Self.percent(30)), .none])
        let template = state.sceneTemplate(columns: 80, rows: 20, lineHeight: 7)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(!template.fits(state, columns: 80, rows: 20, lineHeight: 7, letterWidth: nil))
        #expect(state.scene(at: 2, from: state.sceneTemplate(columns: 80, rows: 20, lineHeight: 7)).brightness == 1)
    }
}
