import Testing
@testable import MarqueeCore

/// A message's own look reaches what the sign draws and how it moves, and
/// the sign's settings stand for everything it does not set
/// (docs/cue-flow.md, "Looks").
@Suite("Message looks in the player")
struct CueLookStateTests {
    static let red = LEDColor(parsing: "red")!
    static let green = LEDColor(parsing: "green")!

    /// A flow of `looks.count` messages, started at 0.
    static func flow(_ looks: [CueLook], _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        configure(&settings)
        let cues = looks.enumerated().map { Cue(text: "M\($0.offset)", seconds: 5, look: $0.element) }
        var state = PlayerState(cues: cues, settings: settings, seed: 3, at: 0)
        _ = state.reduce(.start, at: 0)
        return state
    }

    static func scene(_ state: PlayerState, at t: Double = 1) -> MarqueeScene {
        state.scene(at: t, columns: 80, rows: 20, lineHeight: 7)
    }

    @Test("the shown message's colour and style reach the scene; a message without them has the sign's")
    func colourAndStyleReachTheScene() {
        var state = Self.flow([CueLook(color: Self.green, style: .blocks), .none, CueLook(color: Self.red)])
        #expect(Self.scene(state).color == Self.green && Self.scene(state).style == .blocks)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(Self.scene(state).color == nil && Self.scene(state).style == .dots)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(Self.scene(state).color == Self.red && Self.scene(state).style == .dots)
    }

    @Test("a message's style sets the panel's geometry: braille has four times the LED columns of dots")
    func styleSetsGeometry() {
        var state = Self.flow([CueLook(style: .braille), .none])
        #expect(state.geometry(columns: 80, rows: 20, lineHeight: 7).panelColumns == 160)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.geometry(columns: 80, rows: 20, lineHeight: 7).panelColumns == 40)
    }

    @Test("a style the terminal cannot draw is swapped, as --style's is")
    func styleSwappedForTheTerminal() {
        var state = Self.flow([CueLook(style: .braille), CueLook(style: .half)])
        state.adapt(to: TerminalGlyphs(repertoire: .linuxConsole, coarseColor: true))
        #expect(state.shownStyle == .dots)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.shownStyle == .blocks)
    }

    @Test("a message's own colour wins over -c rainbow; a rainbow message cycles on a solid sign")
    func rainbowPrecedence() {
        var onRainbow = Self.flow([CueLook(color: Self.red), .none]) { $0.rainbow = true }
        #expect(Self.scene(onRainbow).rainbowPhase == nil && !onRainbow.showsRainbow)
        _ = onRainbow.reduce(.key(.character("n")), at: 1)
        #expect(Self.scene(onRainbow).rainbowPhase != nil && Self.scene(onRainbow).color == nil)

        var onSolid = Self.flow([CueLook(color: .rainbow), .none])
        #expect(Self.scene(onSolid).rainbowPhase != nil && Self.scene(onSolid).color == .rainbow)
        #expect(onSolid.animates, "the rainbow's hues move even at rest")
        _ = onSolid.reduce(.key(.character("n")), at: 1)
        #expect(Self.scene(onSolid).rainbowPhase == nil)
    }

    @Test("the clock takes the message's speed and direction, and the sign's back for the next")
    func speedPerMessage() {
        var state = Self.flow([CueLook(speed: 8), CueLook(speed: -12.5), .none])
        #expect(state.clock.speed == 8 && state.clock.direction == 1)
        #expect(state.statusSnapshot(at: 1).speed == 8)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.clock.speed == 12.5 && state.clock.direction == -1)
        #expect(state.statusSnapshot(at: 2).speed == -12.5 && state.controlsLine.contains("→ 13 char/s"))
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.clock.speed == 5 && state.clock.direction == 1)
    }

    @Test("static holds a message at rest; static false or a speed lets one scroll on a --static sign")
    func staticPerMessage() {
        var state = Self.flow([CueLook(isStatic: true), .none])
        #expect(!state.isScrolling && state.placementKind == .rest && state.statusSnapshot(at: 1).speed == 0)
        #expect(state.controlsLine.contains("static"))
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.isScrolling && state.clock.speed == 5)

        var still = Self.flow([.none, CueLook(isStatic: false), CueLook(speed: 8), CueLook(speed: 0)]) { $0.staticText = true }
        #expect(!still.isScrolling)
        _ = still.reduce(.key(.character("n")), at: 1)
        #expect(still.isScrolling && still.clock.speed == 5, "static false: at the sign's --speed")
        _ = still.reduce(.key(.character("n")), at: 2)
        #expect(still.isScrolling && still.clock.speed == 8)
        _ = still.reduce(.key(.character("n")), at: 3)
        #expect(!still.isScrolling, "speed 0 is static, as --speed 0")
    }

    @Test("+ and - change a message's own speed until it changes, and the sign's speed for the others")
    func keysWithOwnSpeed() {
        var state = Self.flow([CueLook(speed: 8), .none, .none])
        _ = state.reduce(.key(.character("+")), at: 1)
        #expect(state.clock.speed == 10 && state.statusSnapshot(at: 1).speed == 10)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.clock.speed == 5, "the sign's speed was not changed by the message's")
        _ = state.reduce(.key(.character("-")), at: 3)
        #expect(state.clock.speed == 4)
        _ = state.reduce(.key(.character("r")), at: 3)
        _ = state.reduce(.key(.character("n")), at: 4)
        #expect(state.clock.speed == 4 && state.clock.direction == -1, "the sign's speed and way carry on")
        _ = state.reduce(.key(.character("n")), at: 5)
        #expect(state.clock.speed == 8 && state.clock.direction == 1, "the message's own again, whole")
    }

    @Test("+ starts a static message; the next message of a --static sign is static again")
    func plusOnStaticMessage() {
        var state = Self.flow([CueLook(isStatic: true), .none]) { $0.staticText = true }
        _ = state.reduce(.key(.character("+")), at: 1)
        #expect(state.isScrolling && state.clock.speed == PlayerSettings.startSpeed)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(!state.isScrolling && state.settings.staticText)
    }

    @Test("a say's look shows while it stands, and the flow's comes back after it")
    func interruptLook() {
        var state = Self.flow([.none, .none])
        let say = Interrupt(cue: Cue(text: "FAILED", look: CueLook(color: Self.red, style: .half, isStatic: true)), duration: 10)
        _ = state.reduce(remote: .say(say), at: 1)
        #expect(Self.scene(state, at: 2).color == Self.red && Self.scene(state, at: 2).style == .half)
        #expect(!state.isScrolling)
        let status = state.statusSnapshot(at: 2)
        #expect(status.color == "red" && status.style == "half" && status.speed == 0)
        _ = state.reduce(remote: .clear, at: 3)
        #expect(Self.scene(state, at: 4).color == nil && state.isScrolling && state.clock.speed == 5)
        #expect(state.statusSnapshot(at: 4).style == "dots")
    }

    @Test("a reload that changes only the shown entry's look shows it anew in that look")
    func reloadChangesLook() {
        var state = Self.flow([.none, .none])
        let messageID = state.messageID
        _ = state.reduce(.cuesReplaced([Cue(text: "M0", seconds: 5, look: CueLook(color: Self.green)), Cue(text: "M1", seconds: 5)]), at: 1)
        #expect(state.messageID == messageID + 1 && Self.scene(state, at: 2).color == Self.green)
    }

    @Test("CueLook keeps speed within --speed's bound")
    func clampedSpeed() {
        #expect(CueLook(speed: 1e308).speed == 20 && CueLook(speed: -.infinity).speed == -20)
        #expect(CueLook(speed: .nan).speed == 0 && CueLook(speed: 12).speed == 12)
        #expect(!CueLook(color: Self.red).setsMotion && CueLook(isStatic: false).setsMotion)
    }

    @Test("blink: lit the first half of each second, unlit the second, ticking for it; held lit when effects are off or paused")
    func blink() {
        var state = Self.flow([CueLook(blink: true), .none])
        #expect(state.blinks && state.animates)
        #expect(Self.scene(state, at: 1.2).litShade == .lit)
        #expect(Self.scene(state, at: 1.7).litShade == .unlit)
        #expect(state.nextVisibleChange(after: 1.2) <= 1.5)
        _ = state.reduce(.key(.character("b")), at: 2)   // low power: no effects
        #expect(!state.blinks && Self.scene(state, at: 2.7).litShade != .unlit)
        _ = state.reduce(.key(.character("b")), at: 3)   // simulated normal power
        #expect(state.blinks)
        _ = state.reduce(.key(.character(" ")), at: 3.1) // paused
        #expect(!state.blinks)
        _ = state.reduce(.key(.character(" ")), at: 3.2)
        _ = state.reduce(.key(.character("n")), at: 4)
        #expect(!state.blinks && Self.scene(state, at: 4.7).litShade != .unlit, "a message without blink does not")
    }
}
