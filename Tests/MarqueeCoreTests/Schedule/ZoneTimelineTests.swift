import Testing
@testable import MarqueeCore

/// Edges as instants in a zone with summer time, on a manual clock: the
/// zone is a table (Europe/Berlin's 2026 rules), time is an argument, and a
/// step of the wall clock is a new `now` (docs/schedules.md).
@Suite("Schedule edges in a zone with summer time")
struct ZoneTimelineTests {
    /// Europe/Berlin in 2026: UTC+1, and UTC+2 from 2026-03-29 01:00 UTC
    /// (02:00 CET becomes 03:00 CEST: a 23-hour day) to 2026-10-25 01:00
    /// UTC (03:00 CEST becomes 02:00 CET: a 25-hour day).
    static let springSwitch = utc("2026-03-29T01:00")
    static let autumnSwitch = utc("2026-10-25T01:00")
    static func berlin(_ t: Int64) -> LocalMoment? {
        let offset: Int64 = t >= springSwitch && t < autumnSwitch ? 7_200 : 3_600
        return LocalMoment(civilSeconds: t + offset)
    }

    /// Epoch seconds of a UTC time.
    static func utc(_ text: String) -> Int64 { LocalMoment(parsing: text)!.civilSeconds }

    static func schedule(_ hours: String, days: String? = nil) -> Schedule {
        try! Schedule(days: days, hours: hours, from: nil, until: nil)
    }

    /// Follows the sign from `start` to `end` as the host does: wake at
    /// each `nextWake`, read the zone, judge the window. Returns the UTC
    /// instants where the window opened or closed, and each wake.
    static func follow(_ schedule: Schedule, from start: Int64, to end: Int64) -> (changes: [(Int64, Bool)], wakes: Int) {
        var now = start
        var open = schedule.contains(berlin(now)!)
        var changes: [(Int64, Bool)] = []
        var wakes = 0
        while let wake = ZoneTimeline.nextWake(after: now, zone: berlin, nextEdge: schedule.nextEdge), wake <= end {
            wakes += 1
            #expect(wake > now, "the sign always moves on")
            now = wake
            let inWindow = schedule.contains(berlin(now)!)
            if inWindow != open { changes.append((now, inWindow)) }
            open = inWindow
        }
        return (changes, wakes)
    }

    static func text(_ changes: [(Int64, Bool)]) -> [String] {
        changes.map { "\(LocalMoment(civilSeconds: $0.0).text)Z \($0.1 ? "open" : "closed")" }
    }

    @Test("an ordinary edge across the spring switch lands on the wall clock's 09:00, not an hour late")
    func acrossSpring() {
        let office = Self.schedule("09:00-17:00")
        let (changes, _) = Self.follow(office, from: Self.utc("2026-03-28T21:00"), to: Self.utc("2026-03-29T18:00"))
        #expect(Self.text(changes) == ["2026-03-29T07:00:00Z open", "2026-03-29T15:00:00Z closed"])
    }

    @Test("23-hour day: a window 02:30-03:00 on the spring-forward day does not happen")
    func springGap() {
        let night = Self.schedule("02:30-03:00")
        let (changes, _) = Self.follow(night, from: Self.utc("2026-03-28T12:00"), to: Self.utc("2026-03-30T12:00"))
        // 2026-03-28 02:30 CET is before the start; 03-29 has no 02:30; 03-30 02:30 CEST is 00:30 UTC.
        #expect(Self.text(changes) == ["2026-03-30T00:30:00Z open", "2026-03-30T01:00:00Z closed"])
    }

    @Test("23-hour day: a window that starts in the skipped hour opens at the switch (03:00 CEST)")
    func springGapStart() {
        let night = Self.schedule("02:30-04:00")
        let (changes, _) = Self.follow(night, from: Self.utc("2026-03-28T12:00"), to: Self.utc("2026-03-29T12:00"))
        #expect(Self.text(changes) == ["2026-03-29T01:00:00Z open", "2026-03-29T02:00:00Z closed"])
    }

    @Test("23-hour day: a window that ends in the skipped hour closes at the switch")
    func springGapEnd() {
        let night = Self.schedule("01:30-02:30")
        let (changes, _) = Self.follow(night, from: Self.utc("2026-03-28T12:00"), to: Self.utc("2026-03-29T12:00"))
        #expect(Self.text(changes) == ["2026-03-29T00:30:00Z open", "2026-03-29T01:00:00Z closed"])
    }

    @Test("25-hour day: the repeated 02:30 is lived twice, once in summer time and once in winter time")
    func autumnRepeat() {
        let night = Self.schedule("02:30-02:45")
        let (changes, _) = Self.follow(night, from: Self.utc("2026-10-24T12:00"), to: Self.utc("2026-10-25T12:00"))
        #expect(Self.text(changes) == ["2026-10-25T00:30:00Z open", "2026-10-25T00:45:00Z closed",
                                       "2026-10-25T01:30:00Z open", "2026-10-25T01:45:00Z closed"])
    }

    @Test("25-hour day: a window over the repeated hour lasts two hours of real time")
    func autumnLongWindow() {
        let night = Self.schedule("02:00-03:00")
        let (changes, _) = Self.follow(night, from: Self.utc("2026-10-24T12:00"), to: Self.utc("2026-10-25T12:00"))
        #expect(Self.text(changes) == ["2026-10-25T00:00:00Z open", "2026-10-25T02:00:00Z closed"])
    }

    @Test("wake-ups: an edge a day, plus one at a switch only when the next edge lies beyond it")
    func fewWakes() {
        let office = Self.schedule("09:00-17:00")
        let (changes, wakes) = Self.follow(office, from: Self.utc("2026-03-25T12:00"), to: Self.utc("2026-04-01T12:00"))
        #expect(changes.count == 14)
        #expect(wakes == 15)   // 14 edges and the spring switch
    }

    @Test("no edge ever: no wake, unless a switch lies within the look-ahead")
    func noEdge() {
        let always = Self.schedule("00:00-24:00")
        // Looks ahead a year for a switch; finds the spring one, and after that the autumn one.
        #expect(ZoneTimeline.nextWake(after: Self.utc("2026-01-10T00:00"), zone: Self.berlin, nextEdge: always.nextEdge) == Self.springSwitch)
        let utcZone: ZoneTimeline.Zone = { LocalMoment(civilSeconds: $0) }
        #expect(ZoneTimeline.nextWake(after: 0, zone: utcZone, nextEdge: always.nextEdge) == nil)
    }

    @Test("a wall-clock jump: judged again at the new time, the next edge reckoned from there", arguments: [
        // (stepped to, open there, the next wake)
        ("2026-12-01T09:30", true, "2026-12-01T16:00"),     // forward into the window (17:00 CET)
        ("2026-12-01T20:00", false, "2026-12-02T08:00"),    // forward past it: tomorrow's 09:00 CET
        ("2026-11-30T07:00", false, "2026-11-30T08:00"),    // back a day: the day's window again
    ])
    func jump(to text: String, open: Bool, wake: String) {
        let office = Self.schedule("09:00-17:00")
        // Before the step the sign slept for 09:00 CET, 08:00 UTC.
        #expect(ZoneTimeline.nextWake(after: Self.utc("2026-12-01T06:00"), zone: Self.berlin, nextEdge: office.nextEdge) == Self.utc("2026-12-01T08:00"))
        let stepped = Self.utc(text) - 3_600   // the text is Berlin's wall clock
        #expect(office.contains(Self.berlin(stepped)!) == open)
        #expect(ZoneTimeline.nextWake(after: stepped, zone: Self.berlin, nextEdge: office.nextEdge) == Self.utc(wake))
    }
}
