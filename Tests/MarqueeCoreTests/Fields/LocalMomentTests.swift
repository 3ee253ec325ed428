import Testing
@testable import MarqueeCore

@Suite("Countdown moments")
struct LocalMomentTests {
    @Test("dates, minutes and seconds parse; a space may stand for the T", arguments: [
        ("2026-12-31", LocalMoment(year: 2026, month: 12, day: 31)),
        ("2026-12-31T23:59", LocalMoment(year: 2026, month: 12, day: 31, hour: 23, minute: 59)),
        ("2026-12-31 23:59:30", LocalMoment(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 30)),
        ("2028-02-29", LocalMoment(year: 2028, month: 2, day: 29)),
        ("2000-02-29", LocalMoment(year: 2000, month: 2, day: 29)),
    ])
    func parses(text: String, moment: LocalMoment) {
        #expect(LocalMoment(parsing: text) == moment)
    }

    @Test("anything else is refused", arguments: [
        "", "2026", "2026-12", "2026-1-31", "2026-13-01", "2026-00-10", "2026-04-31", "2027-02-29", "1900-02-29",
        "2026-12-31T24:00", "2026-12-31T23:60", "2026-12-31T23:59:60", "2026-12-31T23", "2026-12-31T23:59:", "2026-12-31X23:59",
        "2026-12-31T23:59Z", "+026-12-31", "2026-12-31T2３:59", "٢٠٢٦-12-31",
    ])
    func refuses(text: String) {
        #expect(LocalMoment(parsing: text) == nil)
    }

    static let countdowns: [(Double, String)] = [
        (3_661, "01:01:01"), (0.2, "00:00:01"), (0, "00:00:00"), (-5, "00:00:00"), (86_400, "1d 00:00:00"),
        (1_047_845, "12d 03:04:05"), (Double.infinity, "00:00:00"), (Double.nan, "00:00:00"),
        (1e300, "9999d 00:00:00"),
    ]

    @Test("time left reads HH:MM:SS, with days in front, rounded up, and 00:00:00 once passed", arguments: countdowns)
    func countdown(seconds: Double, text: String) {
        #expect(LocalMoment.countdownText(secondsLeft: seconds) == text)
    }

    @Test("the written form parses back")
    func text() {
        let moment = LocalMoment(year: 987, month: 6, day: 5, hour: 4, minute: 3, second: 2)
        #expect(moment.text == "0987-06-05T04:03:02")
        #expect(LocalMoment(parsing: moment.text) == moment)
    }
}
