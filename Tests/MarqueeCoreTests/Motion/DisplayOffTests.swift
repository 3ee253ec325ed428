import Testing
@testable import MarqueeCore

/// A display switched off makes the scene inactive, with the background's
/// rule (docs/motion-policy.md): no frames, the wait stopped and started
/// over on return, the scroll resumed where it stood.
@Suite("Display off")
struct DisplayOffTests {
    static func conditions(_ display: DisplayPower?) -> PowerConditions {
        PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal 49°C", powerText: "AC",
                        source: "test", display: display)
    }

    /// A started flow of three scrolling messages with the display on.
    static func sign() -> PlayerState {
        var state = PlayerState(cues: (0..<3).map { Cue(text: "M\($0)", seconds: 5) }, settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.power(conditions(.on)), at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(nil), at: 0)
        return state
    }

    @Test("off: the scene is inactive, motion stops, the wait and the scroll freeze; a policy record says why")
    func off() {
        var state = Self.sign()
        #expect(state.effectiveScene == .active && state.motion.framesPerSecond == 60)
        let effects = state.reduce(.power(Self.conditions(.off)), at: 2)
        #expect(state.effectiveScene == .inactive)
        #expect(state.scenePhase == .active, "the host's scene is untouched")
        #expect(state.motion == .stopped)
        #expect(state.frameTickerID.framesPerSecond == 0)
        #expect(state.waitStartedAt == nil)
        #expect(!state.clock.isRunning)
        #expect(state.motionStopReason == "display off")
        let records = effects.compactMap { effect -> EventRecord? in if case .log(let record) = effect { record } else { nil } }
        #expect(records.contains(.power(thermal: "nominal", lowPower: false, source: "test", display: "off")))
        #expect(records.contains(.policy(fps: 0, animation: false, effects: false, tier: "full", thermal: "nominal",
                                         lowPower: false, reduceMotion: false, scene: "inactive", display: "off")))
        #expect(state.statusSnapshot(at: 2).scene == "inactive")
        #expect(state.statusSnapshot(at: 2).display == "off")
    }

    @Test("on again: a full wait from that moment, the scroll from where it stopped")
    func backOn() {
        var state = Self.sign()
        _ = state.reduce(.power(Self.conditions(.off)), at: 2)
        let frozen = state.clock.sample(at: 2)
        #expect(state.clock.sample(at: 9) == frozen)
        _ = state.reduce(.power(Self.conditions(.on)), at: 9)
        #expect(state.effectiveScene == .active)
        #expect(state.waitStartedAt == 9)
        #expect(state.clock.sample(at: 9) == frozen)
        #expect(state.clock.sample(at: 10) != frozen)
    }

    @Test("an unknown display plays, as on")
    func unknownPlays() {
        var state = Self.sign()
        _ = state.reduce(.power(Self.conditions(nil)), at: 1)
        #expect(state.effectiveScene == .active)
        #expect(state.motion.framesPerSecond == 60)
        #expect(state.statusSnapshot(at: 1).display == "unknown")
    }

    @Test("Ctrl-Z while the display is off is the background; fg with it still off is inactive")
    func withBackground() {
        var state = Self.sign()
        _ = state.reduce(.power(Self.conditions(.off)), at: 1)
        _ = state.reduce(.scene(.background), at: 2)
        #expect(state.effectiveScene == .background)
        #expect(state.controlsLine.contains("■ stopped in background"))
        let effects = state.reduce(.scene(.active), at: 3)
        #expect(effects.contains(.probePower))
        #expect(state.effectiveScene == .inactive)
        #expect(state.controlsLine.contains("■ display off  0 fps (display off)"))
    }

    @Test("space is refused while the display is off, and says why")
    func pauseRefused() {
        var state = Self.sign()
        _ = state.reduce(.power(Self.conditions(.off)), at: 1)
        _ = state.reduce(.key(.character(" ")), at: 2)
        #expect(!state.paused)
        #expect(state.notice == "motion is stopped (display off): pause unavailable")
    }
}
