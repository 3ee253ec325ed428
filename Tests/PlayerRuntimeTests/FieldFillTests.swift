import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

@Suite("Live fields in the engine")
@MainActor
struct FieldFillTests {
    @Test("a message's fields are filled in the batch that shows it: the measure and the frame see the filled text")
    func filledBeforeMeasureAndFrame() {
        let cues = [Cue(text: "plain"), Cue(text: "NOW {time}")]
        let engine = PlaybackEngine(state: PlayerState(cues: cues, settings: PlayerSettings(), at: 0), clock: ManualClock())
        var measured: [String] = []
        var drawn: [String] = []
        var asked = 0
        engine.fill = { state in
            asked += 1
            guard state.currentCue.fields != nil, state.filledCue?.messageID != state.messageID else { return nil }
            return FilledFields(messageID: state.messageID, text: "NOW 12:00", caption: nil)
        }
        engine.measure = { state in
            measured.append(state.shownCue.text)
            return nil
        }
        engine.onFrame = { drawn.append(engine.state.shownCue.text) }
        engine.start()
        engine.send(.key(.character("n")))
        #expect(drawn == ["plain", "NOW 12:00"])
        #expect(measured.last == "NOW 12:00" && !measured.contains("NOW {time}"), "\(measured)")
        #expect(asked == measured.count, "asked after every input, before each measure")
        engine.stop()
    }
}
