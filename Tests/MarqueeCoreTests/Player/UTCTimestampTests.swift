import Testing
@testable import MarqueeCore

@Suite("UTC timestamps of events-log records")
struct UTCTimestampTests {
    @Test("ISO 8601 UTC to the millisecond, checked against date -u", arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (951_782_400.0, "2000-02-29T00:00:00.000Z"),  // a leap day of a year divisible by 400
        (1_709_164_799.999, "2024-02-28T23:59:59.999Z"),
        (1_709_164_800.0, "2024-02-29T00:00:00.000Z"),
        (1_796_201_341.5, "2026-12-02T08:49:01.500Z"),
        (4_102_444_800.0, "2100-01-01T00:00:00.000Z"),  // 2100 is not a leap year: 1 Jan follows 31 Dec
        (253_402_300_799.0, "9999-12-31T23:59:59.000Z"),
    ])
    func known(seconds: Double, expected: String) {
        #expect(UTCTimestamp.format(unixSeconds: seconds) == expected)
    }

    @Test("a wall clock before 1970, past 9999 or not a number is 'unknown', never a crash", arguments: [
        -1.0, 253_402_300_800.0, .nan, .infinity,
    ])
    func outOfRange(seconds: Double) {
        #expect(UTCTimestamp.format(unixSeconds: seconds) == "unknown")
    }

    @Test("a record carries utc right after t; without a wall clock it has none")
    func inRecord() {
        #expect(EventRecord.quit.jsonLine(at: 1.5, utc: 0) == #"{"t":1.500,"utc":"1970-01-01T00:00:00.000Z","event":"quit"}"#)
        #expect(EventRecord.quit.jsonLine(at: 1.5) == #"{"t":1.500,"event":"quit"}"#)
    }
}
