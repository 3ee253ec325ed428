import Testing
@testable import MarqueeCore

@Suite("Sync slots")
struct SyncSlotsTests {
    typealias Entry = SyncSlots.Entry
    typealias Slot = SyncSlots.Slot

    /// Three messages of 5, 3 and 2 seconds: a 10-second cycle.
    static let deck = [Entry(position: 0, seconds: 5), Entry(position: 1, seconds: 3), Entry(position: 2, seconds: 2)]

    static func slot(_ wall: Double, epoch: Double = 1000, entries: [Entry] = deck, loop: Bool = true) -> Slot? {
        SyncSlots.slot(at: wall, epoch: epoch, entries: entries, loop: loop)
    }

    @Test("looping: the slot holding each moment, boundaries belonging to the slot they open", arguments: [
        (1000.0, Slot(position: 0, start: 1000, end: 1005, serial: 0)),
        (1004.999, Slot(position: 0, start: 1000, end: 1005, serial: 0)),
        (1005.0, Slot(position: 1, start: 1005, end: 1008, serial: 1)),
        (1007.5, Slot(position: 1, start: 1005, end: 1008, serial: 1)),
        (1008.0, Slot(position: 2, start: 1008, end: 1010, serial: 2)),
        (1010.0, Slot(position: 0, start: 1010, end: 1015, serial: 3)),
        (1029.0, Slot(position: 2, start: 1028, end: 1030, serial: 8)),
    ])
    func looping(wall: Double, expected: Slot) {
        #expect(Self.slot(wall) == expected)
    }

    @Test("looping before the epoch: the cycle runs backwards too (floor-mod), serials negative", arguments: [
        (999.0, Slot(position: 2, start: 998, end: 1000, serial: -1)),
        (995.0, Slot(position: 1, start: 995, end: 998, serial: -2)),
        (990.0, Slot(position: 0, start: 990, end: 995, serial: -3)),
        (-7.0, Slot(position: 0, start: -10, end: -5, serial: -303)),
        (-5.0, Slot(position: 1, start: -5, end: -2, serial: -302)),
    ])
    func beforeTheEpoch(wall: Double, expected: Slot) {
        #expect(Self.slot(wall) == expected)
    }

    @Test("many cycles after the epoch: epoch 0, today's Unix time, exact to the second")
    func manyCycles() {
        // 1.8e9 is 180 million 10-second cycles: the slot opens it.
        #expect(Self.slot(1.8e9, epoch: 0) == Slot(position: 0, start: 1.8e9, end: 1.8e9 + 5, serial: 540_000_000))
        #expect(Self.slot(1.8e9 + 8.25, epoch: 0) == Slot(position: 2, start: 1.8e9 + 8, end: 1.8e9 + 10, serial: 540_000_002))
        // Consecutive slots are back to back: one's end is the next's start.
        var wall = 1.8e9 + 0.5
        var last = Self.slot(wall, epoch: 0)!
        for _ in 0..<12 {
            wall = last.end
            let next = Self.slot(wall, epoch: 0)!
            #expect(next.start == last.end)
            #expect(next.serial == last.serial + 1)
            last = next
        }
    }

    @Test("--once: the first message until the epoch plus its seconds, then each in turn, then over", arguments: [
        (0.0, Slot(position: 0, start: -.infinity, end: 1005, serial: 0)),
        (999.999, Slot(position: 0, start: -.infinity, end: 1005, serial: 0)),
        (1000.0, Slot(position: 0, start: 1000, end: 1005, serial: 0)),
        (1009.999, Slot(position: 2, start: 1008, end: 1010, serial: 2)),
    ])
    func once(wall: Double, expected: Slot) {
        #expect(Self.slot(wall, loop: false) == expected)
    }

    @Test("--once is over at the end of the cycle", arguments: [1010.0, 1e9, 1.8e300])
    func onceOver(wall: Double) {
        #expect(Self.slot(wall, loop: false) == nil)
    }

    @Test("only the entries given count: positions out of window are skipped by the caller")
    func skippedPositions() {
        let inWindow = [Entry(position: 1, seconds: 4), Entry(position: 3, seconds: 6)]
        #expect(Self.slot(1003, entries: inWindow) == Slot(position: 1, start: 1000, end: 1004, serial: 0))
        #expect(Self.slot(1004, entries: inWindow) == Slot(position: 3, start: 1004, end: 1010, serial: 1))
    }

    @Test("entries that are not a positive finite length are left out")
    func badLengths() {
        let entries = [Entry(position: 0, seconds: .nan), Entry(position: 1, seconds: 0), Entry(position: 2, seconds: -3),
                       Entry(position: 3, seconds: .infinity), Entry(position: 4, seconds: 2)]
        #expect(Self.slot(1001, entries: entries) == Slot(position: 4, start: 1000, end: 1002, serial: 0))
    }

    @Test("hostile values give nil, never a trap or a hang", arguments: [
        (Double.nan, 1000.0), (.infinity, 1000), (-.infinity, 1000), (1000, .nan), (1000, .infinity),
        (1.7e308, -1.7e308), (1e300, 0), (-1e300, 0), (1000, 1e300),
    ])
    func hostile(wall: Double, epoch: Double) {
        #expect(Self.slot(wall, epoch: epoch) == nil)
    }

    @Test("no entries, or only hostile ones, give nil")
    func nothingToPlay() {
        #expect(Self.slot(1000, entries: []) == nil)
        #expect(Self.slot(1000, entries: [Entry(position: 0, seconds: .nan)], loop: false) == nil)
        // Lengths whose sum overflows to infinity.
        #expect(Self.slot(1000, entries: [Entry(position: 0, seconds: 1e308), Entry(position: 1, seconds: 1e308)]) == nil)
    }

    @Test("a tiny length and a huge time: the serial would overflow, so nil")
    func serialOverflow() {
        let many = (0..<4096).map { Entry(position: $0, seconds: 1e-6) }
        #expect(Self.slot(1e13, epoch: 0, entries: many) == nil)
    }

    @Test("the cost is one pass over the messages: 100 000 of them answer at once")
    func largeDeck() {
        let entries = (0..<100_000).map { Entry(position: $0, seconds: 2) }
        let slot = Self.slot(1000 + 2 * 99_999 + 1, entries: entries)
        #expect(slot?.position == 99_999)
        #expect(slot?.serial == 99_999)
    }
}
