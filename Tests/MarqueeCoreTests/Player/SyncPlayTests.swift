import Testing
@testable import MarqueeCore

/// `--sync` in the reducer (docs/cue-flow.md, "Playing in step"): three
/// messages of 5 s from an epoch E, a 15 s cycle; the sign's engine time 0
/// is wall time E + 7, in the second slot (M1, from E + 5 to E + 10).
@Suite("Playing in step")
struct SyncPlayTests {
    static let epoch = 1_800_000_000.0
    static let offset = epoch + 7

    static func synced(loop: Bool = true, offset: Double? = SyncPlayTests.offset) -> PlayerState {
        var settings = PlayerSettings()
        settings.sync = true
        settings.epoch = epoch
        settings.loop = loop
        var state = PlayerState(cues: (0..<3).map { Cue(text: "M\($0)", seconds: 5) }, settings: settings, seed: 3, at: 0)
        if let offset { _ = state.reduce(.wallClock(offset: offset), at: 0) }
        _ = state.reduce(.start, at: 0)
        return state
    }

    static func power(lowPower: Bool) -> PowerConditions {
        PowerConditions(thermal: .nominal, lowPower: lowPower, thermalText: "nominal", powerText: lowPower ? "battery" : "AC",
                        source: "test")
    }

    static func cueRecords(_ effects: [PlayerEffect]) -> [EventRecord] {
        effects.compactMap { if case .log(let record) = $0, case .cue = record { record } else { nil } }
    }

    static func approximately(_ value: Double?, _ expected: Double) -> Bool {
        value.map { abs($0 - expected) < 1e-6 } ?? false
    }

    @Test("a synced sign opens on the current slot's message, and waits to the slot's end")
    func opensOnTheCurrentSlot() {
        let state = Self.synced()
        #expect(state.cueIndex == 1)
        #expect(state.initialCueRecord == .cue(index: 1, count: 3, text: "M1", automatic: false))
        #expect(Self.approximately(state.advanceDeadline, 3))
        #expect(state.syncSlot(at: 0)?.end == Self.epoch + 10)
    }

    @Test("each advance shows the slot current then; a timer a hair early still lands in the next slot")
    func advancesOnBoundaries() {
        var state = Self.synced()
        let effects = state.reduce(.advanceDue, at: 3 - 1e-7)
        #expect(Self.cueRecords(effects) == [.cue(index: 2, count: 3, text: "M2", automatic: true)])
        #expect(Self.approximately(state.advanceDeadline, 8))
        _ = state.reduce(.advanceDue, at: 8)
        #expect(state.cueIndex == 0)
        #expect(Self.approximately(state.advanceDeadline, 13))
    }

    @Test("a scrolling message gives way at its slot's end, its pass over or not; alone it would hold the wait")
    func scrollDoesNotHold() {
        var state = Self.synced()
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 900, panelLEDs: 100)), at: 0)
        #expect(!state.messageShown)
        #expect(Self.approximately(state.advanceDeadline, 3))
        var alone = Self.synced(offset: nil)
        _ = alone.reduce(.measured(MessageMeasure(textLEDs: 900, panelLEDs: 100)), at: 0)
        #expect(alone.advanceDeadline == nil)
    }

    @Test("without the wall clock a synced sign plays by the single-sign rule")
    func withoutWallClock() {
        let state = Self.synced(offset: nil)
        #expect(!state.syncActive && state.cueIndex == 0)
        #expect(state.advanceDeadline == 5)
    }

    @Test("a low-power stop: stopped and back within the slot, the wait still ends at the slot's end and the scroll resumes")
    func lowPowerWithinTheSlot() {
        var state = Self.synced()
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 900, panelLEDs: 100)), at: 0)
        _ = state.reduce(.power(Self.power(lowPower: true)), at: 1)
        #expect(state.advanceDeadline == nil)
        let message = state.messageID
        let position = state.clock.sample(at: 1)
        #expect(position != 0)
        let effects = state.reduce(.power(Self.power(lowPower: false)), at: 2)
        #expect(Self.cueRecords(effects).isEmpty && state.messageID == message)
        #expect(state.clock.sample(at: 2) == position)
        #expect(Self.approximately(state.advanceDeadline, 3))
    }

    @Test("a low-power stop past the slot: on recovery the wait ends at once and the sign rejoins the current slot")
    func rejoinAfterLowPower() {
        var state = Self.synced()
        _ = state.reduce(.power(Self.power(lowPower: true)), at: 1)
        _ = state.reduce(.power(Self.power(lowPower: false)), at: 9)   // wall E + 16: M0's slot
        #expect(state.advanceDeadline == 9)
        let effects = state.reduce(.advanceDue, at: 9)
        #expect(Self.cueRecords(effects) == [.cue(index: 0, count: 3, text: "M0", automatic: true)])
        #expect(Self.approximately(state.advanceDeadline, 13))
    }

    @Test("the single-sign rule for contrast: a stopped wait starts over in full")
    func aloneStartsOver() {
        var state = Self.synced(offset: nil)
        _ = state.reduce(.power(Self.power(lowPower: true)), at: 1)
        _ = state.reduce(.power(Self.power(lowPower: false)), at: 9)
        #expect(state.advanceDeadline == 14)
    }

    @Test("a pause across slots rejoins on resume")
    func rejoinAfterPause() {
        var state = Self.synced()
        _ = state.reduce(.key(.character(" ")), at: 1)
        #expect(state.paused && state.advanceDeadline == nil)
        _ = state.reduce(.key(.character(" ")), at: 20)   // wall E + 27: M2's slot of the second cycle
        #expect(state.advanceDeadline == 20)
        _ = state.reduce(.advanceDue, at: 20)
        #expect(state.cueIndex == 2)
        #expect(state.syncStanding == SyncStanding(serial: 5, manual: false))
        #expect(Self.approximately(state.advanceDeadline, 23))
    }

    @Test("a pause of a whole cycle back on the same message joins its slot as it stands")
    func pauseOfACycle() {
        var state = Self.synced()
        _ = state.reduce(.key(.character(" ")), at: 1)
        let message = state.messageID
        _ = state.reduce(.key(.character(" ")), at: 16)   // wall E + 23: M1 again, a cycle on
        #expect(state.messageID == message && state.cueIndex == 1)
        #expect(Self.approximately(state.advanceDeadline, 18))
    }

    @Test("an interrupt's end returns to the current slot's message, not the one it interrupted")
    func rejoinAfterInterrupt() {
        var state = Self.synced()
        _ = state.reduce(remote: .say(Interrupt(cue: Cue(text: "FIRE DRILL"), duration: 10)), at: 1)
        #expect(state.advanceDeadline == nil)
        let effects = state.reduce(.interruptDue, at: 11)   // wall E + 18: M0's slot
        #expect(Self.cueRecords(effects) == [.cue(index: 0, count: 3, text: "M0", automatic: false)])
        #expect(Self.approximately(state.advanceDeadline, 13))
    }

    @Test("a manual move holds until the slot's end, then the sign rejoins", arguments: ["p", "n"])
    func manualMoveThenRejoin(key: String) {
        var state = Self.synced()
        _ = state.reduce(.key(.character(Character(key))), at: 1)
        #expect(state.cueIndex == (key == "p" ? 0 : 2))
        #expect(state.syncStanding?.manual == true)
        #expect(Self.approximately(state.advanceDeadline, 3))
        // A pause within the slot keeps the hold.
        _ = state.reduce(.key(.character(" ")), at: 1.5)
        _ = state.reduce(.key(.character(" ")), at: 2)
        #expect(state.cueIndex == (key == "p" ? 0 : 2) && Self.approximately(state.advanceDeadline, 3))
        let effects = state.reduce(.advanceDue, at: 3)
        // M2's slot: "n" was there already, "p" comes back to it.
        #expect(Self.cueRecords(effects) == (key == "p" ? [.cue(index: 2, count: 3, text: "M2", automatic: true)] : []))
        #expect(state.cueIndex == 2 && state.syncStanding == SyncStanding(serial: 2, manual: false))
        #expect(Self.approximately(state.advanceDeadline, 8))
    }

    @Test("a remote goto holds the same way")
    func remoteGoto() {
        var state = Self.synced()
        #expect(state.reduce(remote: .goto(0), at: 2).outcome == .done)
        #expect(state.cueIndex == 0 && Self.approximately(state.advanceDeadline, 3))
    }

    @Test("a load starts at the current slot of the new deck, from its own epoch")
    func loadStartsAtTheCurrentSlot() {
        var state = Self.synced()
        let deck = (0..<4).map { Cue(text: "N\($0)", seconds: 2) }
        // At t 4, wall E + 11: 10 s after the new epoch E + 1, the second slot of the second 8 s cycle.
        let (outcome, effects) = state.reduce(remote: .load(deck, epoch: Self.epoch + 1), at: 4)
        #expect(outcome == .done)
        #expect(Remote.records(effects) == [.load(count: 4), .sync(epoch: Self.epoch + 1, offset: Self.offset),
                                            .cue(index: 1, count: 4, text: "N1", automatic: false)])
        #expect(state.syncEpoch == Self.epoch + 1)
        #expect(Self.approximately(state.advanceDeadline, 6))
    }

    @Test("a load without an epoch counts from the Unix epoch")
    func loadWithoutEpoch() {
        var state = Self.synced()
        _ = state.reduce(remote: .load([Cue(text: "A", seconds: 3), Cue(text: "B", seconds: 7)]), at: 0)
        // E + 7 is 1_800_000_007: 10 s cycles from 0, 7 s into one: B's slot.
        #expect(state.syncEpoch == 0 && state.flowCue.text == "B")
    }

    @Test("a new wall offset restarts the wait: within the slot to its new end, past it at once")
    func wallOffsetRestartsTheWait() {
        var state = Self.synced()
        let effects = state.reduce(.wallClock(offset: Self.offset + 0.5), at: 1)
        #expect(Remote.records(effects) == [.sync(epoch: Self.epoch, offset: Self.offset + 0.5)])
        #expect(Self.approximately(state.advanceDeadline, 2.5))
        _ = state.reduce(.wallClock(offset: Self.offset + 2.5), at: 1)   // wall E + 10.5: M2's slot
        #expect(state.advanceDeadline == 1)
        _ = state.reduce(.advanceDue, at: 1)
        #expect(state.cueIndex == 2 && Self.approximately(state.advanceDeadline, 5.5))
    }

    @Test("a wall offset that is not finite is ignored")
    func hostileOffset() {
        var state = Self.synced()
        for offset in [Double.nan, .infinity, -.infinity] {
            #expect(state.reduce(.wallClock(offset: offset), at: 1).isEmpty)
        }
        #expect(state.wallOffset == Self.offset)
    }

    @Test("--once under sync: the slots of one cycle, then the flow completes")
    func once() {
        var state = Self.synced(loop: false)
        _ = state.reduce(.advanceDue, at: 3)
        #expect(state.cueIndex == 2)
        let effects = state.reduce(.advanceDue, at: 8)   // wall E + 15: the cycle is over
        #expect(state.completed && Remote.records(effects) == [.completed, .pause(paused: true, reason: "completed")])
        #expect(state.advanceDeadline == nil)
    }

    @Test("--sync plays the deck's order even when the settings ask for a shuffle")
    func noShuffle() {
        var settings = PlayerSettings()
        settings.sync = true
        settings.shuffle = true
        let state = PlayerState(cues: (0..<8).map { Cue(text: "M\($0)") }, settings: settings, seed: 99, at: 0)
        #expect(state.order == Array(0..<8))
    }

    @Test("only messages in window take a slot; a window opening changes the slots, and the sign joins the new current one")
    func schedules() {
        var settings = PlayerSettings()
        settings.sync = true
        settings.epoch = Self.epoch
        let morning = Schedule(hours: [TimeWindow(start: 600, end: 660)])
        let cues = [Cue(text: "M0", seconds: 5), Cue(text: "M1", seconds: 5, schedule: morning), Cue(text: "M2", seconds: 5)]
        var state = PlayerState(cues: cues, settings: settings, seed: 3, at: 0)
        _ = state.reduce(.localTime(LocalMoment(parsing: "2026-12-01T09:00")!), at: 0)
        _ = state.reduce(.wallClock(offset: Self.offset), at: 0)
        _ = state.reduce(.start, at: 0)
        // M1 out of window: a 10 s cycle of M0 and M2; E + 7 is M2's slot.
        #expect(state.cueIndex == 2 && Self.approximately(state.advanceDeadline, 3))
        _ = state.reduce(.localTime(LocalMoment(parsing: "2026-12-01T10:00")!), at: 1)
        // Now a 15 s cycle: E + 8 is M1's slot, so the sign rejoins at once.
        #expect(state.advanceDeadline == 1)
        let effects = state.reduce(.advanceDue, at: 1)
        #expect(Self.cueRecords(effects) == [.cue(index: 1, count: 3, text: "M1", automatic: true)])
        #expect(Self.approximately(state.advanceDeadline, 3))
    }

    @Test("the status says sync and the slot's end")
    func status() {
        let state = Self.synced()
        let snapshot = state.statusSnapshot(at: 1)
        #expect(snapshot.sync && snapshot.slotEnd == Self.epoch + 10)
        #expect(Self.synced(offset: nil).statusSnapshot(at: 1).slotEnd == nil)
    }
}
