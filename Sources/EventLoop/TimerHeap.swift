/// The loop's timers: a binary min-heap of deadlines, earliest on top, with
/// ties in the order they were added. Insertion is O(log n); cancelling is
/// O(1) and lazy (the entry stays in the heap, its action is forgotten), and
/// cancelled entries are popped off the top before the next deadline is read,
/// so a cancelled timer never wakes the loop at its old deadline. When
/// cancelled entries outnumber live ones the heap is rebuilt without them in
/// O(n), so the lazy entries cost amortised O(log n) each and bounded memory.
struct TimerHeap<Action> {
    private struct Entry {
        var deadline: ContinuousClock.Instant
        var id: UInt64

        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && id < other.id)
        }
    }

    private var entries: [Entry] = []
    /// The live timers' actions by id; a cancelled id is absent.
    private var actions: [UInt64: Action] = [:]
    private var nextID: UInt64 = 1
    /// Below this many entries a rebuild is not worth its pass.
    private static var compactionFloor: Int { 32 }

    /// Live timers.
    var count: Int { actions.count }
    /// Entries held, cancelled ones not yet dropped included (for tests).
    var storedCount: Int { entries.count }

    /// Adds a timer; returns its id (never 0, never reused).
    mutating func insert(at deadline: ContinuousClock.Instant, _ action: Action) -> UInt64 {
        let id = nextID
        nextID += 1
        actions[id] = action
        entries.append(Entry(deadline: deadline, id: id))
        siftUp(entries.count - 1)
        return id
    }

    /// Forgets timer `id`; returns its action if it was still pending, and
    /// whether it may have been the earliest (the deadline the loop is armed
    /// for: the top entry, or below a cancelled top).
    @discardableResult
    mutating func cancel(_ id: UInt64) -> (action: Action, wasEarliest: Bool)? {
        let wasEarliest = entries.first.map { $0.id == id || actions[$0.id] == nil } ?? false
        guard let action = actions.removeValue(forKey: id) else { return nil }
        if entries.count > Self.compactionFloor, entries.count > 2 * actions.count { compact() }
        return (action, wasEarliest)
    }

    /// The earliest live deadline, after dropping cancelled entries on top.
    mutating func nextDeadline() -> ContinuousClock.Instant? {
        dropCancelledTop()
        return entries.first?.deadline
    }

    /// Whether `id` is the earliest timer (true right after inserting it
    /// when it comes before every other).
    func isEarliest(_ id: UInt64) -> Bool {
        entries.first?.id == id
    }

    /// Removes and returns the earliest timer's action if it is due by
    /// `now`. One at a time, so that an action may cancel the next.
    mutating func popDue(now: ContinuousClock.Instant) -> Action? {
        dropCancelledTop()
        guard let top = entries.first, top.deadline <= now else { return nil }
        removeTop()
        return actions.removeValue(forKey: top.id)
    }

    private mutating func dropCancelledTop() {
        while let top = entries.first, actions[top.id] == nil { removeTop() }
    }

    private mutating func removeTop() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        siftDown(0)
    }

    private mutating func compact() {
        entries.removeAll { actions[$0.id] == nil }
        // Floyd's heap construction: sift down every parent, last first.
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            var smallest = left
            let right = left + 1
            if right < entries.count, entries[right].precedes(entries[left]) { smallest = right }
            guard entries[smallest].precedes(entries[parent]) else { return }
            entries.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
