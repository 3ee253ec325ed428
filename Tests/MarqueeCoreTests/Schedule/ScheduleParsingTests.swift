import Testing
@testable import MarqueeCore

/// `days`, `hours`, `from`/`until` and `--quiet-mode` as written: what each
/// form means, and one clear line for everything else (docs/schedules.md).
@Suite("Schedule parsing")
struct ScheduleParsingTests {
    @Test("days: ranges, lists, wrapping ranges, full names, any case, blanks", arguments: [
        ("Mon-Fri", "Mon-Fri"), ("Sat,Sun", "Sat-Sun"), ("sat, SUN", "Sat-Sun"), ("Fri-Mon", "Mon,Fri-Sun"),
        ("monday-wednesday", "Mon-Wed"), ("Tue", "Tue"), ("Mon-Sun", "Mon-Sun"), ("Sun-Sat", "Mon-Sun"),
        ("Mon,Wed,Fri", "Mon,Wed,Fri"), ("mon - fri", "Mon-Fri"), ("Wed-Wed", "Wed"), ("Mon,Mon", "Mon"),
    ])
    func days(written: String, reads: String) throws {
        #expect(try Weekdays(parsing: written).text == reads)
    }

    @Test("hostile days give one line naming the problem", arguments: [
        ("", "a day is missing"), ("Mon-", "a day is missing"), ("Mon,,Tue", "a day is missing"),
        ("Mon-Fru", "unknown day \"Fru\""), ("Mo", "unknown day \"Mo\""), ("Monda", "unknown day \"Monda\""),
        ("Mon-Tue-Wed", "a range of days has one '-'"), ("\u{1B}[31mMon", "unknown day \"\\e[31mMon\""),
        ("Ｍon", "unknown day"), ("Mon\u{0}", "unknown day \"Mon\\x00\""), (String(repeating: "Mon,", count: 400), "longer than 1024 bytes"),
        ("K\u{212A}", "unknown day"),
    ])
    func hostileDays(written: String, error: String) {
        #expect {
            _ = try Weekdays(parsing: written)
        } throws: { thrown in
            let message = (thrown as? ScheduleError)?.message ?? ""
            return message.contains(error) && !message.contains("\n") && !message.unicodeScalars.contains { $0.value < 0x20 }
        }
    }

    @Test("hours: one window, several, across midnight, 24:00, one-digit hours", arguments: [
        ("09:00-17:30", [TimeWindow(start: 540, end: 1050)]),
        ("09:00-12:00,13:00-17:30", [TimeWindow(start: 540, end: 720), TimeWindow(start: 780, end: 1050)]),
        ("22:00-02:00", [TimeWindow(start: 1320, end: 120)]),
        ("9:00-9:30", [TimeWindow(start: 540, end: 570)]),
        ("18:00-24:00", [TimeWindow(start: 1080, end: 1440)]),
        ("00:00-24:00", [TimeWindow(start: 0, end: 1440)]),
        (" 08:00 - 09:00 , 10:00-11:00 ", [TimeWindow(start: 480, end: 540), TimeWindow(start: 600, end: 660)]),
        ("23:00-00:00", [TimeWindow(start: 1380, end: 0)]),
    ])
    func hours(written: String, windows: [TimeWindow]) throws {
        #expect(try TimeWindow.parseList(written) == windows)
    }

    @Test("hostile hours give one line naming the problem", arguments: [
        ("", "a window is START-END"), ("09:00", "a window is START-END"), ("09:00-", "is not a time"),
        ("9-17", "\"9\" is not a time"), ("25:00-26:00", "\"25:00\" is not a time"), ("09:60-10:00", "\"09:60\" is not a time"),
        ("24:00-01:00", "\"24:00\" is not a time"), ("09:00-09:00", "is empty"), ("00:00-00:00", "is empty"),
        ("09:00-10:00,", "a window is START-END"), ("09:00-10:00-11:00", "a window is START-END"),
        ("٠٩:٠٠-١٠:٠٠", "is not a time"), ("09:00-10:00\u{7}", "\"10:00\\x07\" is not a time"), ("-1:00-02:00", "a window is START-END"),
        ("0009:00-10:00", "is not a time"), ("+9:00-10:00", "is not a time"),
        (Array(repeating: "09:00-10:00", count: 49).joined(separator: ","), "more than 48 windows"),
        (String(repeating: "9", count: 5_000), "longer than 1024 bytes"),
    ])
    func hostileHours(written: String, error: String) {
        #expect {
            _ = try TimeWindow.parseList(written)
        } throws: { thrown in
            let message = (thrown as? ScheduleError)?.message ?? ""
            return message.contains(error) && !message.contains("\n") && !message.unicodeScalars.contains { $0.value < 0x20 }
        }
    }

    @Test("from and until: a date alone, or with a time; until a date alone takes in that whole day")
    func dates() throws {
        let schedule = try Schedule(days: nil, hours: nil, from: "2026-12-01", until: "2026-12-24")
        #expect(!schedule.contains(LocalMoment(year: 2026, month: 11, day: 30, hour: 23, minute: 59, second: 59)))
        #expect(schedule.contains(LocalMoment(year: 2026, month: 12, day: 1)))
        #expect(schedule.contains(LocalMoment(year: 2026, month: 12, day: 24, hour: 23, minute: 59, second: 59)))
        #expect(!schedule.contains(LocalMoment(year: 2026, month: 12, day: 25)))
        let timed = try Schedule(days: nil, hours: nil, from: "2026-12-01T09:30", until: "2026-12-01 18:00:30")
        #expect(!timed.contains(LocalMoment(year: 2026, month: 12, day: 1, hour: 9, minute: 29, second: 59)))
        #expect(timed.contains(LocalMoment(year: 2026, month: 12, day: 1, hour: 9, minute: 30)))
        #expect(timed.contains(LocalMoment(year: 2026, month: 12, day: 1, hour: 18, minute: 0, second: 29)))
        #expect(!timed.contains(LocalMoment(year: 2026, month: 12, day: 1, hour: 18, minute: 0, second: 30)))
    }

    @Test("hostile dates give one line naming the problem", arguments: [
        "", "2026-13-01", "2026-02-29", "2026-2-1", "26-12-01", "2026-12-01T25:00", "2026-12-01T", "2026/12/01",
        "2026-12-01T10:00:00:00", "２０２６-12-01", "2026-12-01\u{1B}", String(repeating: "2", count: 200), "9999-99-99",
    ])
    func hostileDates(written: String) {
        #expect {
            _ = try Schedule.moment(parsing: written)
        } throws: { thrown in
            let message = (thrown as? ScheduleError)?.message ?? ""
            return message.contains("is not a date") && !message.unicodeScalars.contains { $0.value < 0x20 } && message.count < 120
        }
    }

    @Test("from not before until is refused: the message could never show")
    func fromAfterUntil() {
        #expect(throws: ScheduleError.self) { try Schedule(days: nil, hours: nil, from: "2026-12-02", until: "2026-12-01") }
        #expect(throws: ScheduleError.self) { try Schedule(days: nil, hours: nil, from: "2026-12-01T10:00", until: "2026-12-01T10:00") }
        #expect(throws: Never.self) { try Schedule(days: nil, hours: nil, from: "2026-12-01", until: "2026-12-01") }
    }

    @Test("quiet modes: dim=N, dim, off, any case; anything else is one line", arguments: [
        ("dim=20", QuietHours.Mode.dim(percent: 20)), ("DIM=5", .dim(percent: 5)), ("dim", .dim(percent: 20)), ("Off", .off),
        ("dim=99", .dim(percent: 99)), (" dim = 40 ", .dim(percent: 40)),
    ])
    func quietModes(written: String, mode: QuietHours.Mode) throws {
        #expect(try QuietHours.Mode(parsing: written) == mode)
    }

    @Test("hostile quiet modes", arguments: ["dim=0", "dim=100", "dim=-5", "dim=20%", "dim=", "dark", "", "dim=1e2",
                                            "dim=0020", "dim=٢٠", "off\u{1B}[2J"])
    func hostileQuietModes(written: String) {
        #expect {
            _ = try QuietHours.Mode(parsing: written)
        } throws: { thrown in
            let message = (thrown as? ScheduleError)?.message ?? ""
            return message.hasPrefix("unknown quiet mode") && !message.unicodeScalars.contains { $0.value < 0x20 }
        }
    }
}
