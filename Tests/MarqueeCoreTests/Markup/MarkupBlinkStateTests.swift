import Testing
@testable import MarqueeCore

/// When `{blink}` spans blink (docs/display.md, "Inline markup";
/// docs/motion-policy.md): whenever frames are drawn, at tier reduced too,
/// ticking only for the blink's halves; held lit when stopped or paused.
@Suite("Inline markup: blink policy")
struct MarkupBlinkStateTests {
    static func state(_ text: String) -> PlayerState {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.enter = .cut
        var state = PlayerState(cues: [Cue(text: text, seconds: 20)], settings: settings, seed: 3, at: 0)
        _ = state.reduce(.start, at: 0)
        return state
    }

    static func power(_ thermal: ThermalState) -> PlayerInput {
        .power(PowerConditions(thermal: thermal, lowPower: false, thermalText: "\(thermal)", powerText: "AC", source: "test"))
    }

    static func scene(_ state: PlayerState, at t: Double) -> MarqueeScene {
        state.scene(at: t, columns: 80, rows: 20, lineHeight: 7)
    }

    @Test("dark in the second half of each second, ticking twice a second for it")
    func halves() {
        let state = Self.state("SALE {blink}NOW{/}")
        #expect(state.blinksMarkup && state.animates)
        #expect(!Self.scene(state, at: 1.2).markupBlinkedOff && Self.scene(state, at: 1.7).markupBlinkedOff)
        #expect(Self.scene(state, at: 1.7).litShade == .lit, "the rest of the message stays lit")
        #expect(state.nextVisibleChange(after: 1.2) == 1.5 && state.nextVisibleChange(after: 1.6) == 2)
        #expect(state.framesDrawnPerSecond == 2)
    }

    @Test("it keeps blinking at tier reduced, where the message blink and the rainbow stop")
    func reducedTier() {
        var state = Self.state("SALE {blink}NOW{/}")
        _ = state.reduce(Self.power(.fair), at: 1)
        #expect(!state.effectsAllowed && state.blinksMarkup && Self.scene(state, at: 1.7).markupBlinkedOff)
    }

    @Test("stopped or paused, it stands lit and nothing ticks for it")
    func stoppedSteady() {
        var state = Self.state("SALE {blink}NOW{/}")
        _ = state.reduce(Self.power(.critical), at: 1)
        #expect(!state.blinksMarkup && !state.animates && !Self.scene(state, at: 1.7).markupBlinkedOff)
        _ = state.reduce(Self.power(.nominal), at: 2)
        _ = state.reduce(.key(.character(" ")), at: 2.1)
        #expect(!state.blinksMarkup && !Self.scene(state, at: 2.7).markupBlinkedOff)
    }

    @Test("a message without a blink span needs no ticks for markup")
    func noBlink() {
        let state = Self.state("SALE {red}NOW{/}")
        #expect(!state.blinksMarkup && !state.animates)
    }
}
