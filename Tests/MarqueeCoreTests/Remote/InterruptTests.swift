import Testing
@testable import MarqueeCore

@Suite("Say interrupts")
struct InterruptTests {
    @Test("say shows the message at once, from its entry position, and holds the flow's wait back")
    func showsAtOnce() {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)
        let (outcome, effects) = state.reduce(remote: Remote.say("FIRE DRILL", for: 30), at: 3)
        #expect(outcome == .done)
        #expect(state.currentCue.text == "FIRE DRILL")
        #expect(state.flowCue.text == "M1" && state.cueIndex == 1)
        #expect(state.clock.sample(at: 3) == 0)
        #expect(state.waitStartedAt == nil && !state.advanceConditions.shouldSchedule)
        #expect(state.interrupt?.endsAt == 33)
        #expect(Remote.records(effects) == [.interrupt(text: "FIRE DRILL", seconds: 30)])
        #expect(state.reduce(.advanceDue, at: 6).isEmpty, "no advance while it shows")
        #expect(state.currentCue.text == "FIRE DRILL")
    }

    @Test("without for it lasts its own seconds")
    func lastsItsSeconds() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("HELLO", seconds: 8), at: 2)
        #expect(state.interrupt?.endsAt == 10)
        #expect(state.interruptTimerID.deadline == 10)
    }

    @Test("when its time is up the flow returns to the cue it left, from its entry position, with a full wait")
    func returnsWithFullWait() {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)           // M1, wait from 1
        _ = state.reduce(remote: Remote.say("NOTICE", for: 5), at: 3)
        let message = state.messageID
        #expect(state.reduce(.interruptDue, at: 7.5).isEmpty, "an early timer changes nothing")
        let effects = state.reduce(.interruptDue, at: 8)
        #expect(state.interrupt == nil)
        #expect(state.currentCue.text == "M1" && state.cueIndex == 1)
        #expect(state.messageID == message + 1)
        #expect(state.clock.sample(at: 8) == 0)
        #expect(state.waitStartedAt == 8)
        #expect(state.countdownRemaining(at: 8) == 1)
        #expect(Remote.records(effects) == [.interruptEnded(reason: "time"),
                                            .cue(index: 1, count: 3, text: "M1", automatic: false)])
        #expect(state.interruptTimerID.deadline == nil)
    }

    @Test("a second say replaces the first; the return point stays the flow's cue and the time restarts")
    func secondSayReplaces() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("ONE", for: 5), at: 1)
        let firstTimer = state.interruptTimerID
        let effects = state.reduce(remote: Remote.say("TWO", for: 5), at: 3).effects
        #expect(Remote.records(effects) == [.interruptEnded(reason: "replaced"), .interrupt(text: "TWO", seconds: 5)])
        #expect(state.interruptTimerID != firstTimer)
        #expect(state.reduce(.interruptDue, at: 6).isEmpty, "the first one's end no longer counts")
        #expect(state.currentCue.text == "TWO")
        _ = state.reduce(.interruptDue, at: 8)
        #expect(state.currentCue.text == "M0")
    }

    @Test("the same text said again is a new interrupt with a new timer")
    func sameTextRestarts() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("SAME", for: 5), at: 1)
        let first = state.interruptTimerID
        _ = state.reduce(remote: Remote.say("SAME", for: 5), at: 2)
        #expect(state.interruptTimerID != first && state.interrupt?.endsAt == 7)
    }

    @Test("clear ends the interrupt and returns; with none it says nothing was cleared")
    func clear() {
        var state = Remote.flow()
        var (outcome, effects) = state.reduce(remote: .clear, at: 1)
        #expect(outcome == .cleared(false) && outcome.ok && effects.isEmpty)
        _ = state.reduce(remote: Remote.say("X", for: 60), at: 2)
        (outcome, effects) = state.reduce(remote: .clear, at: 4)
        #expect(outcome == .cleared(true))
        #expect(Remote.records(effects).first == .interruptEnded(reason: "clear"))
        #expect(state.interrupt == nil && state.currentCue.text == "M0" && state.waitStartedAt == 4)
    }

    @Test("next, previous and goto end the interrupt and move from the cue it left", arguments: [
        (RemoteCommand.next, 2), (.previous, 0), (.goto(0), 0),
    ])
    func navigationEnds(command: RemoteCommand, landsOn: Int) {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)
        _ = state.reduce(remote: Remote.say("X", for: 60), at: 2)
        let effects = state.reduce(remote: command, at: 3).effects
        #expect(state.interrupt == nil && state.cueIndex == landsOn)
        #expect(Remote.records(effects).first == .interruptEnded(reason: "navigation"))
        #expect(state.waitStartedAt == 3)
    }

    @Test("the n key ends it too; other keys do not")
    func keys() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("X", for: 60), at: 1)
        for key in ["x", " ", " ", "+", "?", "?"] { _ = state.reduce(.key(.character(Character(key))), at: 2) }
        #expect(state.interrupt != nil && state.currentCue.text == "X")
        _ = state.reduce(.key(.character("n")), at: 3)
        #expect(state.interrupt == nil && state.cueIndex == 1)
    }

    @Test("a refused goto leaves the interrupt up")
    func refusedGotoKeepsInterrupt() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("X", for: 60), at: 1)
        #expect(!state.reduce(remote: .goto(5), at: 2).outcome.ok)
        #expect(state.interrupt != nil)
    }

    @Test("say is refused with empty text or a for that is not a positive number of seconds up to a day",
          arguments: [0, -1, .nan, .infinity, 86_401])
    func refusedDuration(duration: Double) {
        var state = Remote.flow()
        let outcome = state.reduce(remote: Remote.say("X", for: duration), at: 1).outcome
        #expect(outcome == .refused("for must be more than 0 and at most 86400 seconds"))
        #expect(state.interrupt == nil)
    }

    @Test("say with nothing to show is refused")
    func refusedEmpty() {
        var state = Remote.flow()
        #expect(state.reduce(remote: Remote.say("\u{1B}[31m"), at: 1).outcome == .refused("nothing to say: the text is empty"))
        #expect(state.reduce(remote: Remote.say("X", for: 86_400), at: 1).outcome == .done)
    }

    @Test("in the background its time runs on; the return waits for the scene for its full wait")
    func background() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("X", for: 5), at: 1)
        _ = state.reduce(.scene(.background), at: 2)
        _ = state.reduce(.interruptDue, at: 6)
        #expect(state.interrupt == nil && state.currentCue.text == "M0")
        #expect(state.waitStartedAt == nil)
        _ = state.reduce(.scene(.active), at: 10)
        #expect(state.waitStartedAt == 10)
    }

    @Test("a file reload during an interrupt keeps it up; the return shows what the flow holds then")
    func reloadKeepsInterrupt() {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)
        _ = state.reduce(remote: Remote.say("X", for: 5), at: 2)
        let effects = state.reduce(.cuesReplaced([Cue(text: "NEW A"), Cue(text: "NEW B")]), at: 3)
        #expect(Remote.records(effects) == [.reload(count: 2)])
        #expect(state.currentCue.text == "X")
        _ = state.reduce(.interruptDue, at: 7)
        #expect(state.currentCue.text == "NEW B")
    }

    @Test("the status line says an interrupt shows, and the countdown bar is hidden")
    func statusLine() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say("X", for: 5), at: 1)
        #expect(state.controlsLine.hasPrefix(" 1/3  ! interrupt, ▶ playing"))
        #expect(state.controlsLine(columns: 30).contains("! interrupt"))
        #expect(state.scene(at: 1, columns: 80, rows: 24, lineHeight: 7).countdown == nil)
        _ = state.reduce(.interruptDue, at: 6)
        #expect(!state.controlsLine.contains("interrupt"))
    }
}
