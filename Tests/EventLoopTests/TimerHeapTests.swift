import Testing
@testable import EventLoop

@Suite("Timer heap")
struct TimerHeapTests {
    private let base = ContinuousClock.now

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { base + .milliseconds(milliseconds) }

    @Test("pops in deadline order, ties in insertion order")
    func order() {
        var heap = TimerHeap<String>()
        var generator = SystemRandomNumberGenerator()
        var expected: [(Int, String)] = []
        for index in 0..<200 {
            let offset = Int.random(in: 0..<50, using: &generator)
            expected.append((offset, "\(index)"))
            _ = heap.insert(at: at(offset), "\(index)")
        }
        // A stable sort by deadline is the order wanted.
        let wanted = expected.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        var popped: [String] = []
        while let action = heap.popDue(now: at(1000)) { popped.append(action) }
        #expect(popped == wanted)
        #expect(heap.count == 0)
        #expect(heap.storedCount == 0)
    }

    @Test("only what is due pops; the next deadline is the earliest left")
    func due() {
        var heap = TimerHeap<Int>()
        _ = heap.insert(at: at(30), 30)
        _ = heap.insert(at: at(10), 10)
        _ = heap.insert(at: at(20), 20)
        #expect(heap.popDue(now: at(15)) == 10)
        #expect(heap.popDue(now: at(15)) == nil)
        #expect(heap.nextDeadline() == at(20))
    }

    @Test("a cancelled timer never pops, and is not the next deadline")
    func cancel() {
        var heap = TimerHeap<Int>()
        let early = heap.insert(at: at(10), 10)
        let late = heap.insert(at: at(20), 20)
        let cancelled = heap.cancel(early)
        #expect(cancelled?.action == 10)
        #expect(cancelled?.wasEarliest == true)
        #expect(heap.cancel(early) == nil, "twice does nothing")
        #expect(heap.nextDeadline() == at(20), "no stale deadline")
        #expect(heap.cancel(late)?.wasEarliest == true)
        #expect(heap.nextDeadline() == nil)
        #expect(heap.popDue(now: at(100)) == nil)
    }

    @Test("cancelling most timers compacts the heap, and what is left still pops in order")
    func compaction() {
        var heap = TimerHeap<Int>()
        let ids = (0..<1000).map { heap.insert(at: at(1000 - $0), 1000 - $0) }
        for (index, id) in ids.enumerated() where index % 10 != 0 { heap.cancel(id) }
        #expect(heap.count == 100)
        #expect(heap.storedCount <= 2 * heap.count + 32, "cancelled entries do not pile up: \(heap.storedCount)")
        var popped: [Int] = []
        while let value = heap.popDue(now: at(5000)) { popped.append(value) }
        #expect(popped == popped.sorted())
        #expect(popped.count == 100)
    }
}
