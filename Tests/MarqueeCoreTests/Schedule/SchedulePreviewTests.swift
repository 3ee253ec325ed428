import Testing
@testable import MarqueeCore

/// `--schedule` (docs/schedules.md): a week cut into spans at the edges,
/// each with the messages in window and quiet or not; and the moments
/// `--now` takes.
@Suite("Schedule preview")
struct SchedulePreviewTests {
    static func at(_ text: String) -> LocalMoment { LocalMoment(parsing: text)! }
    static func schedule(days: String? = nil, hours: String? = nil, from: String? = nil, until: String? = nil) -> Schedule {
        try! Schedule(days: days, hours: hours, from: from, until: until)
    }

    @Test("a shop's week: a line at each change of what shows or of quiet, none where nothing changes")
    func shop() {
        let deck: [Schedule?] = [
            Self.schedule(days: "Mon-Fri", hours: "09:00-12:00,13:00-17:30"),
            Self.schedule(days: "Mon-Fri", hours: "12:00-13:00"),
            nil,
        ]
        let quiet = QuietHours(windows: try! TimeWindow.parseList("22:00-07:00"))
        // 2026-12-04 is a Friday: Friday, then a weekend of the always-message.
        let preview = SchedulePreview(schedules: deck, quiet: quiet, from: Self.at("2026-12-04T08:00"),
                                      until: Self.at("2026-12-06T00:00"))
        let lines = preview.spans.map { "\($0.start.text) \($0.shown) \($0.quiet)" }
        #expect(lines == [
            "2026-12-04T08:00:00 [2] false",
            "2026-12-04T09:00:00 [0, 2] false",
            "2026-12-04T12:00:00 [1, 2] false",
            "2026-12-04T13:00:00 [0, 2] false",
            "2026-12-04T17:30:00 [2] false",
            "2026-12-04T22:00:00 [2] true",
            "2026-12-05T07:00:00 [2] false",
            "2026-12-05T22:00:00 [2] true",
        ])
        #expect(!preview.truncated)
    }

    @Test("touching windows and a night window are one span; date bounds end it; nothing scheduled is one line")
    func edges() {
        let night = SchedulePreview(schedules: [Self.schedule(days: "Fri", hours: "22:00-02:00"),
                                                Self.schedule(hours: "09:00-12:00,12:00-14:00")],
                                    quiet: nil, from: Self.at("2026-12-04T00:00"), until: Self.at("2026-12-05T12:00"))
        #expect(night.spans.map { "\($0.start.text) \($0.shown)" } == [
            "2026-12-04T00:00:00 []", "2026-12-04T09:00:00 [1]", "2026-12-04T14:00:00 []",
            "2026-12-04T22:00:00 [0]", "2026-12-05T02:00:00 []", "2026-12-05T09:00:00 [1]",
        ])
        let dated = SchedulePreview(schedules: [Self.schedule(from: "2026-12-05", until: "2026-12-05")], quiet: nil,
                                    from: Self.at("2026-12-04T00:00"), until: Self.at("2026-12-11T00:00"))
        #expect(dated.spans.map { "\($0.start.text) \($0.shown)" } == [
            "2026-12-04T00:00:00 []", "2026-12-05T00:00:00 [0]", "2026-12-06T00:00:00 []",
        ])
        let always = SchedulePreview(schedules: [nil, nil], quiet: nil, from: Self.at("2026-12-04T10:30"),
                                     until: Self.at("2026-12-11T10:30"))
        #expect(always.spans == [SchedulePreview.Span(start: Self.at("2026-12-04T10:30"), shown: [0, 1], quiet: false)])
    }

    @Test("a deck built for edges stops at the cap and says so, in time that does not grow with the week")
    func capped() {
        // 48 windows a day on every one of 200 entries: ~700 edges a week.
        let windows = (0..<48).map { "\($0 / 2 < 10 ? "0" : "")\($0 / 2):\($0 % 2 == 0 ? "00" : "30")-\($0 / 2 < 10 ? "0" : "")\($0 / 2):\($0 % 2 == 0 ? "10" : "40")" }
        let schedule = Self.schedule(hours: windows.joined(separator: ","))
        let preview = SchedulePreview(schedules: Array(repeating: schedule, count: 200), quiet: nil,
                                      from: Self.at("2026-12-04T00:00"), until: Self.at("2026-12-11T00:00"))
        #expect(preview.spans.count == SchedulePreview.maximumSpans && preview.truncated)
    }

    @Test("--now: a date and time, a time today, a day of the week from today, a day alone", arguments: [
        ("2026-12-24T18:00", "2026-12-24T18:00:00"),
        ("2026-12-24 18:00", "2026-12-24T18:00:00"),
        ("12:00", "2026-12-02T12:00:00"),
        ("Wed 08:15", "2026-12-02T08:15:00"),   // today is a Wednesday
        ("sat 12:00", "2026-12-05T12:00:00"),
        ("Tuesday 23:59", "2026-12-08T23:59:00"),
        ("Mon", "2026-12-07T00:00:00"),
        ("  Sun   7:05 ", "2026-12-06T07:05:00"),
    ])
    func now(text: String, expected: String) throws {
        #expect(try PreviewMoment.parse(text, today: Self.at("2026-12-02T10:11:12")).text == expected)
    }

    @Test("--now refuses what is not a moment, in one line", arguments: ["", "3", "Fry 10:00", "Sat 25:00", "Sat 12:00 extra",
                                                                         "12:00 Sat", "2026-02-30", "24:00",
                                                                         String(repeating: "9", count: 100)])
    func refused(text: String) {
        #expect(throws: ScheduleError.self) { try PreviewMoment.parse(text, today: Self.at("2026-12-02T10:00")) }
    }
}
