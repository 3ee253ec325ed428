import Testing
@testable import MarqueeCore

/// What the motion policy leaves of a display mode (docs/display.md,
/// "Display modes"; docs/motion-policy.md), and the mode clock: frozen on
/// a pause and resumed exactly, the advance wait counted from the end of
/// the enter transition.
@Suite("Display modes under the motion policy")
struct ModePolicyTests {
    /// A flow of two messages with these modes, started at 0.
    static func flow(mode: StayMode = .hold, enter: Transition = .cut, exit: Transition = .cut,
                     _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        settings.mode = mode
        settings.enter = enter
        settings.exit = exit
        // Nobody at the keys: no controls line, whose countdown bar ticks.
        settings.idleTimeout = 0
        configure(&settings)
        var state = PlayerState(cues: [Cue(text: "SALE", seconds: 5), Cue(text: "OPEN", seconds: 5)], settings: settings, seed: 3, at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.idleTimeout, at: 0)
        return state
    }

    static func scene(_ state: PlayerState, at t: Double) -> MarqueeScene {
        state.scene(at: t, columns: 80, rows: 20, lineHeight: 7)
    }

    @Test("at full tier an enter transition draws, and the message's seconds start when it has run")
    func enterHoldsTheWait() throws {
        var state = Self.flow(enter: .wipeLeft)
        #expect(state.enterSeconds == 0.8)
        guard case .transition(.wipeLeft, true, _, _)? = Self.scene(state, at: 0.4).mode?.effect else {
            Issue.record("no transition at 0.4 s: \(String(describing: Self.scene(state, at: 0.4).mode))")
            return
        }
        #expect(state.advanceDeadline == nil && !state.messageShown)
        let enter = try #require(state.timers.first { $0.key == .enter })
        #expect(enter.deadline == .at(0.8))
        _ = state.reduce(.enterDue, at: 0.8)
        #expect(state.messageShown && state.advanceDeadline == 5.8)
        #expect(Self.scene(state, at: 1).mode == nil)
        // A timer that fires early changes nothing.
        var early = Self.flow(enter: .dissolve)
        _ = early.reduce(.enterDue, at: 0.5)
        #expect(!early.messageShown)
    }

    @Test("the exit draws in the last of the message's seconds and ends blank; the next message follows")
    func exitBeforeTheNext() {
        let state = Self.flow(exit: .rollLeft)
        #expect(Self.scene(state, at: 3).mode == nil)
        guard case .transition(.rollLeft, false, let step, let steps)? = Self.scene(state, at: 4.6).mode?.effect else {
            Issue.record("no exit at 4.6 s")
            return
        }
        #expect(step > 0 && step < steps)
    }

    @Test("stopped (reduce motion): every mode at rest, whole and steady; no transition, no ticks",
          arguments: StayMode.allCases)
    func stopped(mode: StayMode) {
        let state = Self.flow(mode: mode, enter: .dissolve, exit: .wipeOut) { $0.reduceMotion = true }
        for t in [0.0, 0.3, 0.7, 4.7] {
            let scene = Self.scene(state, at: t)
            #expect(scene.mode == nil && scene.litShade == .lit && scene.placement == .rest, "\(mode) at \(t)")
            #expect(scene.rainbowPhase == nil, "\(mode) at \(t)")
        }
        #expect(state.frameTickerID.framesPerSecond == 0)
        #expect(state.nextModeChange(after: 1) == .infinity)
    }

    @Test("below the full tier (thermal fair): transitions are cuts, twinkle and cycle's motion stop, flash still blinks")
    func reducedTier() {
        let fair: (inout PlayerSettings) -> Void = { $0.thermalOverride = .fair }
        let entering = Self.flow(enter: .sparkle, exit: .snow, fair)
        #expect(entering.drawnEnter == nil && entering.enterShown && entering.drawnExit == nil)
        #expect(Self.scene(entering, at: 0.2).mode == nil && Self.scene(entering, at: 4.8).mode == nil)
        let twinkle = Self.flow(mode: .twinkle, fair)
        #expect(Self.scene(twinkle, at: 1.3).mode == nil && !twinkle.animates)
        let cycle = Self.flow(mode: .cycle, fair)
        #expect(Self.scene(cycle, at: 0.2).rainbowPhase == 0 && Self.scene(cycle, at: 1.1).rainbowPhase == 0)
        let flash = Self.flow(mode: .flash, fair)
        #expect(Self.scene(flash, at: 0.2).litShade == .lit && Self.scene(flash, at: 0.7).litShade == .unlit)
        #expect(flash.frameTickerID.framesPerSecond == 30)
    }

    @Test("at full tier each loop mode moves: flash's dark half, cycle's hues, twinkle's dimmed LEDs")
    func fullTierLoops() {
        let flash = Self.flow(mode: .flash)
        #expect(Self.scene(flash, at: 0.2).litShade == .lit && Self.scene(flash, at: 0.7).litShade == .unlit)
        let cycle = Self.flow(mode: .cycle)
        #expect(Self.scene(cycle, at: 0.2).rainbowPhase == 1 && Self.scene(cycle, at: 1.1).rainbowPhase == 6)
        let twinkle = Self.flow(mode: .twinkle)
        #expect(Self.scene(twinkle, at: 1.3).mode == ModeScene(effect: .twinkle(step: 10), seed: twinkle.modeSeed))
        #expect(twinkle.animates && abs(twinkle.nextModeChange(after: 1.3) - 1.375) < 1e-9)
    }

    @Test("a hold with no transition costs no ticks; a hold with an exit sleeps until the exit starts")
    func holdCostsNothing() {
        let still = Self.flow()
        #expect(!still.animates && still.frameTickerID.framesPerSecond == 0)
        let leaving = Self.flow(exit: .wipeDown)
        #expect(abs(leaving.nextModeChange(after: 1) - 4.2) < 1e-9)
    }

    @Test("a pause freezes the mode's frame; resumed, it carries on from the same moment")
    func pauseFreezes() {
        var paused = Self.flow(mode: .flash, enter: .typewriter)
        // What the mode draws: the transition's step and the flash's half.
        func drawn(_ scene: MarqueeScene) -> (ModeScene?, LEDShade) { (scene.mode, scene.litShade) }
        let before = drawn(Self.scene(paused, at: 0.7))
        #expect(before.0 != nil)
        _ = paused.reduce(remote: .pause, at: 0.7)
        #expect(drawn(Self.scene(paused, at: 0.7)) == before && drawn(Self.scene(paused, at: 9)) == before)
        _ = paused.reduce(remote: .resume, at: 20)
        let unpaused = Self.flow(mode: .flash, enter: .typewriter)
        #expect(Self.scene(paused, at: 20.5).mode == Self.scene(unpaused, at: 1.2).mode)
        #expect(abs(paused.modeClock.sample(at: 20.5) - 1.2) < 1e-9)
    }

    @Test("a say's exit plays in the last of its seconds, in the viewer's time; paused, the say keeps its frame")
    func sayExits() {
        var state = Self.flow()
        let say = Interrupt(cue: Cue(text: "ON AIR", look: CueLook(exit: .wipeOut)), duration: 4)
        _ = state.reduce(remote: .say(say), at: 1)
        #expect(Self.scene(state, at: 3).mode == nil)
        guard case .transition(.wipeOut, false, let step, let steps)? = Self.scene(state, at: 4.6).mode?.effect else {
            Issue.record("no exit at 4.6 s: \(String(describing: Self.scene(state, at: 4.6).mode))")
            return
        }
        #expect(step > 0 && step < steps)
        // The ticker wakes for the exit's start.
        #expect(abs(state.nextModeChange(after: 2) - (5 - Transition.wipeOut.seconds)) < 1e-9)
        _ = state.reduce(remote: .pause, at: 4.5)
        #expect(Self.scene(state, at: 4.7).mode == nil)
    }

    @Test("a key's move cuts: the next message shows at once, with no exit first")
    func keyMoveCuts() {
        var state = Self.flow(exit: .rollLeft)
        let before = state.currentCue.text
        // In the middle of the exit: the key shows the next message whole.
        #expect(Self.scene(state, at: 4.5).mode != nil)
        _ = state.reduce(.key(.character("n")), at: 4.5)
        #expect(state.currentCue.text != before)
        #expect(Self.scene(state, at: 4.5).mode == nil && Self.scene(state, at: 4.6).mode == nil)
    }
}
