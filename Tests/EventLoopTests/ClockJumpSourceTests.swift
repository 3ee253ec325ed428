import Foundation
import Testing
@testable import EventLoop

/// `ClockJumpSource` (docs/schedules.md, "Wall-clock jumps"): a
/// `CLOCK_REALTIME` timerfd cancelled on set. Setting the clock needs
/// CAP_SYS_TIME and would move every other process's clock, so the step
/// itself is not made here; what is checked is that the source is a quiet
/// descriptor of the loop — it never wakes it on its own — and that it is
/// gone when stopped.
@Suite("Clock jumps")
struct ClockJumpSourceTests {
    @Test("armed far ahead, it never wakes the loop by itself; stopped, it is unwatched and closed")
    func quietUntilSet() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        let jumps = Recorder<Bool>()
        let watched = loop.watchCount
        let source = try #require(ClockJumpSource(loop: loop) { jumps.append(true) })
        #expect(loop.watchCount == watched + 1)
        var turns = -1
        while turns != loop.turns {
            turns = loop.turns
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(loop.turns == turns, "the timerfd woke the loop")
        #expect(jumps.all.isEmpty)
        source.stop()
        try await Task.sleep(for: .milliseconds(50))
        #expect(loop.watchCount == watched)
        #expect(thread.finish() == 0)
    }
}
