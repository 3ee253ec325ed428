/// The flow slice: the messages the sign plays, the order it plays them
/// in and where in it it stands, and whether play is paused or finished.
/// Its fields change only through its own methods; what a change means for
/// the other slices (windows to judge again, slots to plan again) is the
/// root's to follow up (`PlayerState.cuesChanged()`).
public struct FlowState: Sendable {
    public private(set) var cues: [Cue]
    /// Whether any cue has a caption (the caption row is kept for all of
    /// them, so the sign does not jump); kept with `cues` so no frame scans them.
    public private(set) var anyCaption = false
    /// Cells of the widest caption: wider than the terminal, every message
    /// gets two caption rows.
    public private(set) var widestCaption = 0
    /// Play order (indices into `cues`) and where in it we are.
    public private(set) var order: [Int]
    public private(set) var orderPosition = 0
    public private(set) var paused = false
    public private(set) var completed = false
    /// Bumped by manual moves, part of the advance condition ID.
    public private(set) var manualMoves = 0
    private(set) var random: SplitMix64

    init(cues: [Cue], shuffle: Bool, seed: UInt64) {
        self.cues = cues.isEmpty ? [Cue(text: "")] : cues
        self.random = SplitMix64(seed: seed)
        self.order = Array(self.cues.indices)
        if shuffle {
            order = ShuffleOrder.make(count: self.cues.count, avoidingFirst: nil, using: &random)
        }
        measureCaptions()
    }

    /// The cue at the current order position.
    public var cueIndex: Int { order[orderPosition] }

    /// Makes `newCues` the flow, with a fresh play order; where in it the
    /// sign stands is the caller's choice.
    mutating func install(_ newCues: [Cue], shuffle: Bool) {
        cues = newCues
        measureCaptions()
        order = shuffle ? ShuffleOrder.make(count: newCues.count, avoidingFirst: nil, using: &random) : Array(newCues.indices)
    }

    /// Appends to the flow, in order after what it has.
    mutating func append(_ newCues: [Cue]) {
        let first = cues.count
        cues += newCues
        measureCaptions()
        order += first..<cues.count
    }

    /// Stands at order position `position`.
    mutating func stand(at position: Int) { orderPosition = position }

    /// The order position after a move, reshuffling at the seam of a looping
    /// shuffled flow; `nil` at an end when not looping. Messages out of
    /// their schedule (`inWindow` false) are stepped over; nil when none is
    /// in window that way.
    mutating func nextPosition(_ direction: CueSequence.Direction, loop: Bool, shuffle: Bool,
                               inWindow: (Int) -> Bool) -> Int? {
        var position = orderPosition
        for _ in 0..<order.count {
            guard let step = CueSequence.step(from: position, count: order.count, direction: direction, loop: loop) else {
                return nil
            }
            if shuffle, direction == .forward, step == 0, order.count > 1 {
                order = ShuffleOrder.make(count: order.count, avoidingFirst: cueIndex, using: &random)
            }
            position = step
            if inWindow(order[position]) { return position }
        }
        return nil
    }

    /// A manual move: part of the advance ID, so one that lands on the same
    /// index still restarts the wait.
    mutating func countManualMove() { manualMoves += 1 }

    /// The space bar: pause or play; playing again leaves a finished flow.
    mutating func togglePause() {
        paused.toggle()
        if !paused { completed = false }
    }

    /// An explicit pause or resume (a remote command).
    mutating func setPaused(_ wanted: Bool) {
        paused = wanted
        if !paused { completed = false }
    }

    /// `--once` has played its last message: done, and paused.
    mutating func complete() {
        completed = true
        paused = true
    }

    /// The flow is no longer finished; true when that lifted the pause its
    /// end set (the caller logs it), false when the sign was not paused.
    mutating func leaveCompletion() -> Bool {
        completed = false
        guard paused else { return false }
        paused = false
        return true
    }

    /// A reload put the flow on other messages: not finished any more
    /// (the pause, if any, stays).
    mutating func forgetCompletion() { completed = false }

    private mutating func measureCaptions() {
        anyCaption = cues.contains { $0.caption != nil }
        widestCaption = cues.reduce(0) { max($0, $1.displayCaption?.width ?? 0) }
    }
}
