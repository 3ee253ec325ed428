import Testing
@testable import MarqueeCore

/// In window or not, and the next edge, as pure functions of a schedule and
/// a civil time (docs/schedules.md): days, hours, night windows, dates.
@Suite("Schedule evaluation")
struct ScheduleEvaluationTests {
    /// `2026-12-01T10:00` (a Tuesday) and the like, from text.
    static func at(_ text: String) -> LocalMoment { LocalMoment(parsing: text)! }

    static func schedule(days: String? = nil, hours: String? = nil, from: String? = nil, until: String? = nil) -> Schedule {
        try! Schedule(days: days, hours: hours, from: from, until: until)
    }

    @Test("civil arithmetic: weekdays, leap days, round trips")
    func civil() {
        #expect(Self.at("2026-12-01").weekday == 1)   // Tuesday
        #expect(Self.at("1970-01-01").weekday == 3)   // Thursday
        #expect(Self.at("2024-02-29").weekday == 3)
        #expect(Self.at("2000-03-01").civilSeconds - Self.at("2000-02-28").civilSeconds == 2 * 86_400)
        for text in ["1969-12-31T23:59:59", "2026-03-29T02:30:00", "2400-02-29T12:00:00", "0001-01-01T00:00:00", "9999-12-31T23:59:59"] {
            #expect(LocalMoment(civilSeconds: Self.at(text).civilSeconds).text == text)
        }
    }

    /// (days, hours, the moment, in window, the next edge or nil)
    static let table: [(String?, String?, String, Bool, String?)] = [
        // Office hours on weekdays; 2026-12-01 is a Tuesday.
        ("Mon-Fri", "09:00-17:30", "2026-12-01T08:59:59", false, "2026-12-01T09:00:00"),
        ("Mon-Fri", "09:00-17:30", "2026-12-01T09:00", true, "2026-12-01T17:30:00"),
        ("Mon-Fri", "09:00-17:30", "2026-12-01T17:30", false, "2026-12-02T09:00:00"),
        ("Mon-Fri", "09:00-17:30", "2026-12-04T18:00", false, "2026-12-07T09:00:00"),  // Friday evening → Monday
        // A lunch break splits the day.
        (nil, "09:00-12:00,13:00-17:30", "2026-12-01T12:30", false, "2026-12-01T13:00:00"),
        (nil, "09:00-12:00,13:00-17:30", "2026-12-01T11:59:59", true, "2026-12-01T12:00:00"),
        // Windows that touch merge into one: no edge at 12:00.
        (nil, "09:00-12:00,12:00-14:00", "2026-12-01T10:00", true, "2026-12-01T14:00:00"),
        // Across midnight: the night belongs to the day it starts on.
        (nil, "22:00-02:00", "2026-12-01T23:00", true, "2026-12-02T02:00:00"),
        (nil, "22:00-02:00", "2026-12-02T01:59:59", true, "2026-12-02T02:00:00"),
        (nil, "22:00-02:00", "2026-12-02T02:00", false, "2026-12-02T22:00:00"),
        ("Fri", "22:00-02:00", "2026-12-05T01:00", true, "2026-12-05T02:00:00"),      // Saturday 01:00: Friday's night
        ("Fri", "22:00-02:00", "2026-12-04T01:00", false, "2026-12-04T22:00:00"),     // Friday 01:00: Thursday's night
        ("Sat,Sun", nil, "2026-12-04T23:59:59", false, "2026-12-05T00:00:00"),
        ("Sat,Sun", nil, "2026-12-06T12:00", true, "2026-12-07T00:00:00"),
        (nil, "18:00-24:00", "2026-12-01T23:59:59", true, "2026-12-02T00:00:00"),
        // Every day all day: never an edge.
        (nil, "00:00-24:00", "2026-12-01T12:00", true, nil),
        ("Mon-Sun", nil, "2026-12-01T12:00", true, nil),
    ]

    @Test("days and hours: in window and the next edge", arguments: Self.table.indices)
    func daysAndHours(row: Int) {
        let (days, hours, moment, inWindow, edge) = Self.table[row]
        let schedule = Self.schedule(days: days, hours: hours)
        #expect(schedule.contains(Self.at(moment)) == inWindow)
        #expect(schedule.nextEdge(after: Self.at(moment))?.text == edge.map { Self.at($0).text })
    }

    @Test("from and until bound the weekly pattern; past until nothing changes again")
    func dateBounds() {
        let season = Self.schedule(days: "Sat", hours: "10:00-12:00", from: "2027-01-01", until: "2027-01-31")
        // Before from: the first edge is the first Saturday window after it.
        #expect(season.nextEdge(after: Self.at("2026-12-05T11:00"))?.text == "2027-01-02T10:00:00")
        #expect(!season.contains(Self.at("2026-12-05T11:00")))
        #expect(season.contains(Self.at("2027-01-30T11:59")))
        #expect(season.nextEdge(after: Self.at("2027-01-30T11:59"))?.text == "2027-01-30T12:00:00")
        #expect(season.nextEdge(after: Self.at("2027-01-30T12:00")) == nil)
        // A from far ahead is still found, however far.
        let later = Self.schedule(from: "2030-06-01T08:00")
        #expect(later.nextEdge(after: Self.at("2026-12-01T00:00"))?.text == "2030-06-01T08:00:00")
        // An until inside a window cuts it.
        let cut = Self.schedule(hours: "09:00-17:00", until: "2026-12-01T12:00")
        #expect(cut.nextEdge(after: Self.at("2026-12-01T10:00"))?.text == "2026-12-01T12:00:00")
        #expect(cut.nextEdge(after: Self.at("2026-12-01T12:00")) == nil)
    }

    @Test("every edge found is a real change, and nothing changes before it", arguments: Self.table.indices)
    func edgesAreChanges(row: Int) {
        let (days, hours, moment, _, _) = Self.table[row]
        let schedule = Self.schedule(days: days, hours: hours)
        var now = Self.at(moment).civilSeconds
        for _ in 0..<6 {
            guard let edge = schedule.nextEdge(after: LocalMoment(civilSeconds: now))?.civilSeconds else { return }
            let before = schedule.contains(civil: now)
            // Sampled each quarter hour (every edge here is on a quarter hour).
            var t = now + 1
            while t < edge {
                #expect(schedule.contains(civil: t) == before, "changed at \(LocalMoment(civilSeconds: t).text)")
                t += t % 900 == 0 ? 900 : 900 - t % 900
            }
            #expect(schedule.contains(civil: edge) != before)
            now = edge
        }
    }
}
