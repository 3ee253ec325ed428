/// The slot rule of `--sync` (docs/cue-flow.md, "Playing in step"): from
/// the deck's epoch on, the wall clock is cut into back-to-back slots, one
/// per message of the play order in turn, each as long as its message's
/// seconds. Every sign playing the same deck from the same epoch computes
/// the same slots, so signs whose clocks agree change messages together.
/// Pure arithmetic: the cost is one pass over the messages, whatever the
/// time, and hostile values (NaN, infinities, zero lengths, times so far
/// from the epoch that seconds lose their meaning) give nil, never a trap.
///
/// ```swift
/// let slot = SyncSlots.slot(at: 1_800_000_007, epoch: 1_800_000_000,
///                           entries: [.init(position: 0, seconds: 5), .init(position: 1, seconds: 3)], loop: true)
/// // position 1, start 1_800_000_005, end 1_800_000_008, serial 1
/// ```
public enum SyncSlots {
    /// A message of the play order that takes part: its order position and
    /// its seconds (only messages in their schedule window are passed).
    public struct Entry: Sendable, Equatable {
        public var position: Int
        public var seconds: Double

        public init(position: Int, seconds: Double) {
            self.position = position
            self.seconds = seconds
        }
    }

    /// A slot: the order position it shows, its start and end in wall
    /// seconds (Unix time), and its serial, counted from the epoch's first
    /// slot as 0 (negative before the epoch), one more for each slot.
    public struct Slot: Sendable, Equatable {
        public var position: Int
        /// `-infinity` for the first slot of `--once` before the epoch,
        /// which lasts from any earlier time to its end.
        public var start: Double
        public var end: Double
        public var serial: Int

        public init(position: Int, start: Double, end: Double, serial: Int) {
            self.position = position
            self.start = start
            self.end = end
            self.serial = serial
        }
    }

    /// Cycles beyond this many from the epoch are not counted: a Double
    /// holds whole numbers exactly only up to 2^53, so past it the slot
    /// arithmetic would be noise.
    static let maximumCycles = 9_007_199_254_740_992.0

    /// The slot that holds wall time `wall`, slots being half-open
    /// (`start <= wall < end`). Looping, the cycle repeats before and after
    /// the epoch (floor-mod); with `loop` false the flow plays once: the
    /// first message from any time before the epoch to its end, nil once
    /// the cycle is over. Entries with a length that is not a positive,
    /// finite number are left out; nil when none is left or a value is not
    /// finite.
    public static func slot(at wall: Double, epoch: Double, entries: [Entry], loop: Bool) -> Slot? {
        let valid = entries.filter { $0.seconds.isFinite && $0.seconds > 0 }
        guard wall.isFinite, epoch.isFinite, let first = valid.first else { return nil }
        let cycle = valid.reduce(0) { $0 + $1.seconds }
        let elapsed = wall - epoch
        guard cycle.isFinite, elapsed.isFinite else { return nil }
        if !loop {
            if elapsed < 0 { return Slot(position: first.position, start: -.infinity, end: epoch + first.seconds, serial: 0) }
            if elapsed >= cycle { return nil }
        }
        var cycles = (elapsed / cycle).rounded(.down)
        guard abs(cycles) < maximumCycles else { return nil }
        // Rounding may leave the offset a hair outside [0, cycle).
        var offset = elapsed - cycles * cycle
        if offset < 0 {
            cycles -= 1
            offset += cycle
        } else if offset >= cycle {
            cycles += 1
            offset -= cycle
        }
        var (serial, overflow) = Int(cycles).multipliedReportingOverflow(by: valid.count)
        guard !overflow else { return nil }
        let cycleStart = epoch + cycles * cycle
        var before = 0.0
        for (index, entry) in valid.enumerated() {
            let after = before + entry.seconds
            // The last entry takes whatever rounding left of the cycle.
            if offset < after || index == valid.count - 1 {
                (serial, overflow) = serial.addingReportingOverflow(index)
                guard !overflow else { return nil }
                let end = index == valid.count - 1 ? epoch + (cycles + 1) * cycle : cycleStart + after
                return Slot(position: entry.position, start: cycleStart + before, end: end, serial: serial)
            }
            before = after
        }
        return nil
    }
}
