import Testing
@testable import MarqueeCore

@Suite("Pass deadline")
struct PassDeadlineTests {
    static func state(_ measure: MessageMeasure, cues: Int = 2, _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        // Characters are LEDs here (the measure leaves `ledsPerCharacter`
        // at 1): 24 LEDs a second.
        settings.speed = 24
        configure(&settings)
        var state = PlayerState(cues: (0..<cues).map { Cue(text: "M\($0)") }, settings: settings, seed: 1, at: 0)
        _ = state.reduce(.measured(measure), at: 0)
        return state
    }

    @Test("the distance to show a message: its overhang in a flow, its width alone, width plus sign once")
    func distances() {
        let measure = MessageMeasure(textLEDs: 148, panelLEDs: 100)
        #expect(Self.state(measure).passDistance == 48)
        #expect(Self.state(measure, cues: 1).passDistance == 148)
        #expect(Self.state(measure, cues: 1) { $0.loop = false }.passDistance == 248)
        #expect(Self.state(MessageMeasure(textLEDs: 90, panelLEDs: 100)).passDistance == nil, "fits: held")
        #expect(Self.state(measure) { $0.staticText = true }.passDistance == nil)
    }

    @Test("reversed mid-pass, the deadline is when the other end has gone as far")
    func reversed() {
        var state = Self.state(MessageMeasure(textLEDs: 148, panelLEDs: 100))
        #expect(state.passDeadline == 2)
        _ = state.reduce(.key(.character("r")), at: 1)   // at 24, now moving back
        #expect(state.passDeadline == 1 + (24 + 48) / 24.0)
        #expect(state.passTimerID != PassTimerID(messageID: state.messageID, deadline: 2))
    }

    @Test("no deadline while stopped, paused or already shown")
    func none() {
        var state = Self.state(MessageMeasure(textLEDs: 148, panelLEDs: 100))
        _ = state.reduce(.key(.character(" ")), at: 1)
        #expect(state.passDeadline == nil)
        _ = state.reduce(.key(.character(" ")), at: 2)
        #expect(state.passDeadline == 3)
        _ = state.reduce(.passDue, at: 3)
        #expect(state.passShown && state.passDeadline == nil)
        #expect(state.advanceConditions.messageShown)
    }

    @Test("a pass timer that fires early does not mark the message shown")
    func early() {
        var state = Self.state(MessageMeasure(textLEDs: 148, panelLEDs: 100))
        _ = state.reduce(.passDue, at: 1.5)
        #expect(!state.passShown)
        #expect(!state.advanceConditions.shouldSchedule)
    }
}
