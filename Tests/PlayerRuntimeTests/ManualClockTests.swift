import Testing
@testable import PlayerRuntime

/// The virtual clock (`ManualClock`): what waits on it wakes in deadline
/// order, with the clock standing at each deadline, and never early.
@Suite("Manual clock")
@MainActor
struct ManualClockTests {
    /// Seconds since the clock was made.
    static func seconds(_ clock: ManualClock) -> Double {
        let offset = clock.now.offset.components
        return Double(offset.seconds) + Double(offset.attoseconds) * 1e-18
    }

    static func at(_ seconds: Double) -> ManualClock.Instant { ManualClock.Instant(offset: .seconds(seconds)) }

    @Test("timers fire in deadline order, ties in the order armed, each at its own deadline; the clock ends at the target")
    func deadlineOrder() {
        let clock = ManualClock()
        var fired: [(name: String, at: Double)] = []
        func arm(_ name: String, _ seconds: Double) {
            _ = clock.schedule(at: Self.at(seconds)) { fired.append((name, Self.seconds(clock))) }
        }
        arm("c", 3)
        arm("a", 1)
        arm("b1", 2)
        arm("b2", 2)
        arm("late", 9)
        clock.advance(to: Self.at(5))
        #expect(fired.map(\.name) == ["a", "b1", "b2", "c"])
        #expect(fired.map(\.at) == [1, 2, 2, 3])
        #expect(Self.seconds(clock) == 5)
        #expect(clock.sleeperCount == 1, "the timer at 9 s still waits")
    }

    @Test("a timer armed by a timer runs in the same advance when it falls due by the target, at its own deadline")
    func chained() {
        let clock = ManualClock()
        var fired: [Double] = []
        @MainActor func step() {
            fired.append(Self.seconds(clock))
            _ = clock.schedule(at: clock.now.advanced(by: .seconds(2))) { step() }
        }
        _ = clock.schedule(at: Self.at(2)) { step() }
        clock.advance(to: Self.at(7))
        #expect(fired == [2, 4, 6])
        clock.advance(by: .seconds(1))
        #expect(fired == [2, 4, 6, 8])
    }

    @Test("a timer called off never fires; calling it off after it fired does nothing; the clock never goes back")
    func disarm() {
        let clock = ManualClock()
        var fired: [String] = []
        let first = clock.schedule(at: Self.at(1)) { fired.append("first") }
        let second = clock.schedule(at: Self.at(2)) { fired.append("second") }
        // One called off before its time, one called off by a timer before its turn.
        _ = clock.schedule(at: Self.at(1)) { second() }
        first()
        clock.advance(to: Self.at(3))
        #expect(fired.isEmpty)
        let third = clock.schedule(at: Self.at(4)) { fired.append("third") }
        clock.advance(to: Self.at(4))
        third()
        #expect(fired == ["third"])
        clock.advance(to: Self.at(1))
        #expect(Self.seconds(clock) == 4)
        // A deadline already past fires at the next advance, not at once.
        _ = clock.schedule(at: Self.at(2)) { fired.append("past") }
        #expect(fired == ["third"])
        clock.advance(by: .zero)
        #expect(fired == ["third", "past"])
    }

    @Test("a sleeping task wakes at its deadline, not before")
    func sleepingTask() async {
        let clock = ManualClock()
        var woke: Double?
        let task = Task { @MainActor in
            try? await Task.sleep(until: Self.at(3), clock: clock)
            woke = Self.seconds(clock)
        }
        await clock.sleepers(atLeast: 1)
        clock.advance(to: Self.at(2.5))
        for _ in 0..<20 { await Task.yield() }
        #expect(woke == nil)
        clock.advance(to: Self.at(3))
        await task.value
        #expect(woke == 3)
    }
}
