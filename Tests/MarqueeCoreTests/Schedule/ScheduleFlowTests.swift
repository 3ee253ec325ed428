import Testing
@testable import MarqueeCore

/// The reducer with schedules and quiet hours (docs/schedules.md): the flow
/// skips what is out of window, idles with a message or dark, and quiet
/// hours dim or darken the sign until a key lights it. Time is an argument:
/// the local time is an input, the monotonic time another.
@Suite("Schedules in the player")
struct ScheduleFlowTests {
    static func at(_ text: String) -> LocalMoment { LocalMoment(parsing: "2026-12-01T" + text)! }

    /// A flow of cues "A", "B", … with the given `hours` (nil: always), started at 0.
    static func flow(_ hours: [String?], once: Bool = false, _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        settings.loop = !once
        configure(&settings)
        let cues = hours.enumerated().map { index, hours in
            Cue(text: String(UnicodeScalar(UInt8(65 + index))), seconds: 5,
                schedule: hours.map { try! Schedule(days: nil, hours: $0, from: nil, until: nil) })
        }
        var state = PlayerState(cues: cues, settings: settings, seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        return state
    }

    static func records(_ effects: [PlayerEffect]) -> [EventRecord] {
        effects.compactMap { if case .log(let record) = $0 { record } else { nil } }
    }

    static func scene(_ state: PlayerState, at t: Double = 1) -> MarqueeScene {
        state.scene(at: t, columns: 80, rows: 20, lineHeight: 7)
    }

    @Test("the host is asked for the time only when there are schedules, and again when the cues change")
    func needsLocalTime() {
        var plain = Self.flow([nil, nil])
        #expect(!plain.needsLocalTime && plain.inWindow.isEmpty)
        _ = plain.reduce(.cuesReplaced([Cue(text: "X"), Cue(text: "Y")]), at: 1)
        #expect(!plain.needsLocalTime)
        var state = Self.flow([nil, "09:00-10:00"])
        #expect(state.needsLocalTime)
        _ = state.reduce(.localTime(Self.at("08:00")), at: 0)
        #expect(!state.needsLocalTime && state.inWindow == [true, false])
        _ = state.reduce(.cuesReplaced([Cue(text: "A"), Cue(text: "C", schedule: Schedule(hours: [TimeWindow(start: 0, end: 60)]))]), at: 1)
        #expect(state.needsLocalTime)
        #expect(Self.flow([nil]) { $0.quiet = QuietHours(windows: [TimeWindow(start: 1320, end: 420)]) }.needsLocalTime)
    }

    @Test("next, previous and the automatic advance skip a message out of its window")
    func skipping() {
        var state = Self.flow([nil, "09:00-10:00", nil])
        _ = state.reduce(.localTime(Self.at("08:00")), at: 0)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.cueIndex == 2)
        _ = state.reduce(.key(.character("p")), at: 2)
        #expect(state.cueIndex == 0)
        let effects = state.reduce(.advanceDue, at: 7)
        #expect(state.cueIndex == 2 && Self.records(effects).contains(.cue(index: 2, count: 3, text: "C", automatic: true)))
    }

    @Test("a message entering its window joins the flow; the wait of the one shown is not restarted")
    func entering() {
        var state = Self.flow([nil, "09:00-10:00", nil])
        _ = state.reduce(.localTime(Self.at("08:59:59")), at: 0)
        let (id, started) = (state.advanceID, state.waitStartedAt)
        let effects = state.reduce(.localTime(Self.at("09:00")), at: 3)
        #expect(effects.isEmpty)
        #expect(state.advanceID == id && state.waitStartedAt == started, "an unrelated edge leaves the wait alone")
        _ = state.reduce(.key(.character("n")), at: 4)
        #expect(state.cueIndex == 1)
    }

    @Test("the message shown leaving its window gives way at once, as an automatic move with a full wait")
    func leaving() {
        var state = Self.flow([nil, "09:00-10:00", nil])
        _ = state.reduce(.localTime(Self.at("09:30")), at: 0)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.cueIndex == 1)
        let effects = state.reduce(.localTime(Self.at("10:00")), at: 2)
        #expect(state.cueIndex == 2)
        #expect(Self.records(effects) == [.cue(index: 2, count: 3, text: "C", automatic: true)])
        #expect(state.waitStartedAt == 2)
    }

    @Test("with one message in window the flow holds it: no advance to itself")
    func oneInWindow() {
        var state = Self.flow(["09:00-10:00", "11:00-12:00"])
        _ = state.reduce(.localTime(Self.at("09:30")), at: 0)
        #expect(!state.advancesAutomatically && !state.advanceConditions.shouldSchedule)
        let before = state.waitStartedAt
        _ = state.reduce(.localTime(Self.at("11:00")), at: 2)   // A left, B entered
        #expect(state.cueIndex == 1 && !state.advancesAutomatically && before == nil)
    }

    @Test("none in window: dark — nothing on the panel, no ticker, no advance — with an idle record")
    func dark() {
        var state = Self.flow(["09:00-10:00", "13:00-14:00"])
        let effects = state.reduce(.localTime(Self.at("11:00")), at: 1)
        #expect(Self.records(effects).contains(.idle(showing: "dark")))
        #expect(state.idle && state.isDark)
        #expect(state.frameTickerID.framesPerSecond == 0 && !state.advanceConditions.shouldSchedule)
        #expect(state.statusSnapshot(at: 1).idle && !state.statusSnapshot(at: 1).quiet)
        #expect(Self.scene(state).dark)
        // Keys that move have nowhere to go; goto is refused with the reason.
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.idle)
        #expect(state.reduce(remote: .next, at: 3).outcome == .refused("no message is in its schedule now"))
        #expect(state.reduce(remote: .goto(0), at: 3).outcome == .refused("cue 1 is outside its schedule now (09:00-10:00)"))
        // A message in window again shows at once, a full wait.
        let back = Self.records(state.reduce(.localTime(Self.at("13:00")), at: 4))
        #expect(back.contains(.cue(index: 1, count: 2, text: "B", automatic: true)) && back.contains(.idle(showing: "flow")))
        #expect(!state.idle && !state.isDark)
    }

    @Test("none in window with --idle-message: the idle text, held at rest, and no advance")
    func idleMessage() {
        var state = Self.flow(["09:00-10:00", "13:00-14:00"]) { $0.idleCue = Cue(text: "CLOSED") }
        let effects = state.reduce(.localTime(Self.at("18:00")), at: 1)
        #expect(Self.records(effects).contains(.idle(showing: "message")))
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 30, panelLEDs: 80)), at: 1)
        #expect(state.currentCue.text == "CLOSED" && !state.isDark && state.holdsAtRest)
        #expect(!Self.scene(state).dark && !state.advanceConditions.shouldSchedule)
        // Not "1/2 ▶ playing": the flow is not what shows.
        #expect(state.controlsLine.hasPrefix(" ▶ idle message  "), "\(state.controlsLine)")
        #expect(!state.controlsLine.contains("1/2") && !state.controlsLine.contains("playing"))
        _ = state.reduce(.localTime(Self.at("13:30")), at: 2)
        #expect(state.controlsLine.hasPrefix(" 2/2  ▶ playing  "), "\(state.controlsLine)")
    }

    @Test("goto a message outside its window is refused; inside, it goes")
    func gotoOutOfWindow() {
        var state = Self.flow([nil, "09:00-10:00", nil])
        _ = state.reduce(.localTime(Self.at("08:00")), at: 0)
        #expect(state.reduce(remote: .goto(1), at: 1).outcome == .refused("cue 2 is outside its schedule now (09:00-10:00)"))
        #expect(state.cueIndex == 0)
        _ = state.reduce(.localTime(Self.at("09:15")), at: 2)
        #expect(state.reduce(remote: .goto(1), at: 3).outcome == .done && state.cueIndex == 1)
    }

    @Test("--once: the last message in window leaving makes the flow idle")
    func onceIdle() {
        var state = Self.flow([nil, "09:00-10:00"], once: true)
        _ = state.reduce(.localTime(Self.at("09:00")), at: 0)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.cueIndex == 1)
        _ = state.reduce(.localTime(Self.at("10:00")), at: 2)
        #expect(state.idle && state.isDark)
    }

    @Test("a say shows on a dark sign, and the sign is dark again when it ends")
    func interruptWhileIdle() {
        var state = Self.flow(["09:00-10:00", "13:00-14:00"])
        _ = state.reduce(.localTime(Self.at("11:00")), at: 1)
        _ = state.reduce(remote: .say(Interrupt(cue: Cue(text: "FIRE DRILL"), duration: 5)), at: 2)
        #expect(!state.isDark && state.currentCue.text == "FIRE DRILL")
        _ = state.reduce(.interruptDue, at: 7)
        #expect(state.isDark && state.interrupt == nil)
    }

    @Test("a clock jump only re-judges the windows: the scroll goes on on the monotonic clock")
    func jumpKeepsAnimation() {
        var state = Self.flow(["00:00-24:00"]) { $0.speed = 10 }
        _ = state.reduce(.localTime(Self.at("12:00")), at: 0)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 300, panelLEDs: 80)), at: 0)
        let (before, message) = (state.clock.sample(at: 5), state.messageID)
        _ = state.reduce(.localTime(LocalMoment(parsing: "2027-06-01T03:00")!), at: 5)   // stepped half a year
        #expect(state.clock.sample(at: 5) == before && state.clock.isRunning && state.messageID == message)
    }

    // MARK: Quiet hours

    static func quiet(_ mode: QuietHours.Mode, hours: [String?] = [nil, nil],
                      configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        flow(hours) { settings in
            settings.quiet = QuietHours(windows: try! TimeWindow.parseList("22:00-07:00"), mode: mode)
            configure(&settings)
        }
    }

    @Test("dim: the LEDs at 20 % in quiet hours; a key lights them until the status line hides; motion goes on")
    func quietDim() {
        var state = Self.quiet(.dim(percent: 20))
        _ = state.reduce(.localTime(Self.at("21:59:59")), at: 0)
        #expect(Self.scene(state).brightness == 1)
        let effects = state.reduce(.localTime(Self.at("22:00")), at: 1)
        #expect(Self.records(effects) == [.quiet(on: true, mode: "dim=20")])
        #expect(Self.scene(state).brightness == 0.2 && state.motion.animationAllowed && !state.isDark)
        #expect(state.statusSnapshot(at: 1).quiet)
        #expect(state.controlsLine.contains("quiet hours, dim 20%"))
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.cueIndex == 1, "in dim mode a key does what it always does")
        #expect(Self.scene(state).brightness == 1 && state.controlsLine.contains("quiet hours (lit)"))
        _ = state.reduce(.idleTimeout, at: 5)
        #expect(Self.scene(state).brightness == 0.2)
        let end = state.reduce(.localTime(LocalMoment(parsing: "2026-12-02T07:00")!), at: 6)
        #expect(Self.records(end) == [.quiet(on: false, mode: "dim=20")] && Self.scene(state).brightness == 1)
    }

    @Test("off: dark and still as in the background; the wait starts over when quiet hours end, the scroll resumes")
    func quietOff() {
        var state = Self.quiet(.off)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 300, panelLEDs: 80)), at: 0)
        _ = state.reduce(.localTime(Self.at("21:00")), at: 0)
        let effects = state.reduce(.localTime(Self.at("22:00")), at: 2)
        #expect(Self.records(effects).first == .quiet(on: true, mode: "off"))
        #expect(Self.records(effects).contains { if case .policy(let fps, false, _, _, _, _, _, _, _) = $0 { fps == 0 } else { false } })
        #expect(state.isDark && Self.scene(state).dark && state.frameTickerID.framesPerSecond == 0)
        #expect(!state.advanceConditions.shouldSchedule && !state.clock.isRunning)
        let position = state.clock.sample(at: 2)
        #expect(state.motionStopReason == "quiet hours")
        // Hours later quiet hours end: the wait starts over, the scroll resumes from where it stood.
        _ = state.reduce(.localTime(LocalMoment(parsing: "2026-12-02T07:00")!), at: 40_000)
        #expect(!state.isDark && state.clock.isRunning && state.clock.sample(at: 40_000) == position)
        #expect(state.waitStartedAt == nil || state.waitStartedAt == 40_000)
    }

    @Test("a dark sign has no drift timer: nothing lit to burn in")
    func darkNoDrift() {
        var state = Self.quiet(.off) { $0.driftSeconds = 60 }
        _ = state.reduce(.localTime(Self.at("21:00")), at: 0)
        #expect(state.driftTimerID.seconds == 60)
        _ = state.reduce(.localTime(Self.at("23:00")), at: 1)
        #expect(state.isDark && state.driftTimerID.seconds == nil)
    }

    @Test("off: a key lights the dark sign and does nothing else; q still quits; the idle timeout makes it dark again")
    func quietOffKey() {
        var state = Self.quiet(.off)
        _ = state.reduce(.localTime(Self.at("23:00")), at: 0)
        #expect(state.isDark)
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.cueIndex == 0, "the first key only wakes the sign")
        #expect(!state.isDark && state.motion.animationAllowed && state.quietLit)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.cueIndex == 1, "once lit, keys act")
        _ = state.reduce(.idleTimeout, at: 5)
        #expect(state.isDark && !state.quietLit)
        #expect(state.reduce(.key(.character("q")), at: 6).contains(.quit))
    }

    @Test("a lit sign stays up at least 3 s, whatever --idle-timeout says")
    func litMinimum() {
        var state = Self.flow([nil]) {
            $0.quiet = QuietHours(windows: try! TimeWindow.parseList("00:00-24:00"), mode: .off)
            $0.idleTimeout = 0
        }
        _ = state.reduce(.localTime(Self.at("12:00")), at: 0)
        _ = state.reduce(.key(.character("x")), at: 1)
        #expect(state.controlsHideDelay == 3)
    }
}

/// The two schedule records as the events log writes them (docs/events-log.md).
@Suite("Schedule records")
struct ScheduleRecordTests {
    @Test("idle and quiet lines")
    func lines() {
        #expect(EventRecord.idle(showing: "dark").jsonLine(at: 1.5) == #"{"t":1.500,"event":"idle","showing":"dark"}"#)
        #expect(EventRecord.quiet(on: true, mode: "dim=20").jsonLine(at: 2) == #"{"t":2.000,"event":"quiet","on":true,"mode":"dim=20"}"#)
        #expect(EventRecord.quiet(on: false, mode: "off").jsonLine(at: 3) == #"{"t":3.000,"event":"quiet","on":false}"#)
    }
}
