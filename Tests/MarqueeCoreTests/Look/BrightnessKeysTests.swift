import Testing
@testable import MarqueeCore

/// The `]` and `[` keys (docs/display.md, "Brightness keys"): 10 % a step
/// to the next multiple of ten, within 10 % and 100 %, answered on the
/// status line, the LEDs drawn at the new brightness.
@Suite("Brightness keys")
struct BrightnessKeysTests {
    static func state(brightness: Int, cue: Cue = Cue(text: "A")) -> PlayerState {
        var settings = PlayerSettings()
        settings.brightness = Brightness(percent: brightness)!
        var state = PlayerState(cues: [cue], settings: settings, seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        return state
    }

    @Test("steps land on multiples of ten, within 10 % and 100 %, and never go the other way",
          arguments: [(100, true, 100), (100, false, 90), (95, true, 100), (45, true, 50), (45, false, 40), (40, false, 30),
                      (10, false, 10), (11, false, 10), (5, false, 5), (5, true, 10), (1, true, 10)])
    func steps(from: Int, brighter: Bool, to: Int) {
        #expect(PlayerState.steppedBrightness(Brightness(percent: from)!, brighter: brighter).percent == to)
    }

    @Test("ten presses of [ from full reach 10 % and stay; ] brings it back; the scene and the status line follow")
    func presses() {
        var state = Self.state(brightness: 100)
        for expected in [90, 80, 70, 60, 50, 40, 30, 20, 10, 10] {
            _ = state.reduce(.key(.character("[")), at: 1)
            #expect(state.shownBrightness.percent == expected)
            #expect(state.notice?.hasPrefix("brightness \(expected)%") == true, "\(state.notice ?? "")")
        }
        #expect(state.notice == "brightness 10% (the dimmest a key sets)")
        #expect(abs(state.ledBrightness - 0.1) < 1e-9)
        _ = state.reduce(.key(.character("]")), at: 2)
        #expect(state.shownBrightness.percent == 20 && state.notice == "brightness 20%")
    }

    @Test("a message's own brightness still wins, and the answer says so")
    func messageOwn() {
        let look = CueLook(brightness: Brightness(percent: 40))
        var state = Self.state(brightness: 100, cue: Cue(text: "A", look: look))
        _ = state.reduce(.key(.character("[")), at: 1)
        #expect(state.settings.brightness.percent == 90 && state.shownBrightness.percent == 40)
        #expect(state.notice == "brightness 90%, this message 40%")
    }

    @Test("--keys safe locks them")
    func locked() {
        #expect(!KeyLock.safe.allows(.brighter) && !KeyLock.safe.allows(.dimmer))
    }
}
