import Testing
@testable import MarqueeCore

/// `--sync`: a message whose scroll on this sign outlasts its slot is
/// reported with the figures, once per message until the slots change
/// (docs/cue-flow.md, "A slot and its scroll"; issue 26, item 2).
@Suite("A slot and its scroll")
struct SyncSlotScrollTests {
    static func slotShort(_ effects: [PlayerEffect]) -> [EventRecord] {
        effects.compactMap { if case .log(let record) = $0, case .slotShort = record { record } else { nil } }
    }

    /// M1 is on the sign (engine 0 is in its slot); it measures `textLEDs`
    /// on a 40-LED panel at 5.5 LEDs a character.
    static func measured(textLEDs: Int) -> (PlayerState, [PlayerEffect]) {
        var state = SyncPlayTests.synced()
        let effects = state.reduce(.measured(MessageMeasure(textLEDs: textLEDs, panelLEDs: 40, ledsPerCharacter: 5.5)), at: 0.1)
        return (state, effects)
    }

    @Test("a pass longer than the slot gives a slotShort record and a notice with the figures")
    func shortSlotReported() throws {
        // (315 - 40) / 5.5 = 50 characters, 10 s at 5 a second: twice the 5 s slot.
        let (state, effects) = Self.measured(textLEDs: 315)
        let record = try #require(Self.slotShort(effects).first)
        #expect(record == .slotShort(index: 1, pass: 10, slot: 5, characters: 50, speed: 5))
        #expect(record.jsonLine(at: 0.1).contains("\"event\":\"slotShort\",\"index\":1,\"pass\":10.000,\"slot\":5.000"))
        #expect(state.notice == "message 2 scrolls 50 characters at 5 a second: 10 s, longer than its 5 s slot")
    }

    @Test("a pass within the slot, or a second measure of the same message, says nothing")
    func quietOtherwise() {
        #expect(Self.slotShort(Self.measured(textLEDs: 150).1).isEmpty)
        var (state, _) = Self.measured(textLEDs: 315)
        let again = state.reduce(.measured(MessageMeasure(textLEDs: 316, panelLEDs: 40, ledsPerCharacter: 5.5)), at: 0.2)
        #expect(Self.slotShort(again).isEmpty)
    }

    @Test("without --sync nothing is reported")
    func onlySynced() {
        var state = PlayerState(cues: (0..<3).map { Cue(text: "M\($0)", seconds: 5) }, settings: PlayerSettings(), at: 0)
        _ = state.reduce(.start, at: 0)
        let effects = state.reduce(.measured(MessageMeasure(textLEDs: 315, panelLEDs: 40, ledsPerCharacter: 5.5)), at: 0.1)
        #expect(Self.slotShort(effects).isEmpty)
    }
}
