import Synchronization

/// Which frame a frame is: a number of its own for every frame composed
/// whole, and that number's next generation for each scroll step made from
/// it. The screen compares stamps to know that a frame is a step of the one
/// it shows, and then writes the step without comparing the frames.
public struct FrameStamp: Sendable, Hashable {
    let origin: UInt64
    let generation: UInt64

    /// Frames made in this process are numbered from one counter, so no
    /// two frames composed whole share a stamp, on any thread.
    private static let origins = Atomic<UInt64>(0)

    static func fresh() -> FrameStamp {
        FrameStamp(origin: origins.add(1, ordering: .relaxed).newValue, generation: 0)
    }

    var next: FrameStamp { FrameStamp(origin: origin, generation: generation &+ 1) }
}

/// How a scroll step made a frame from the frame stamped `base`: the cells
/// of `columns` on each of `rows` moved `cells` to the left (negative: to
/// the right), the cells of `painted` on those rows painted anew, and the
/// rows off the panel drawn again. Any later change to the frame drops it,
/// so a frame that carries one is exactly that.
public struct FrameStep: Sendable, Equatable {
    public let base: FrameStamp
    public let rows: Range<Int>
    public let columns: Range<Int>
    public let cells: Int
    /// Columns of the panel rows written after the move: the cells coming
    /// into view, and any cell the painter drew again beside them.
    public let painted: Range<Int>
    /// Whether every unlit LED of the panel is the same cell, so a row with
    /// no lit LED before or after the step is the same row (false with a
    /// rainbow, whose unlit LEDs carry their column's hue).
    public let unlitIsUniform: Bool

    /// Whether a panel row with `litBefore` lit cells before the step and
    /// `litAfter` after it is the same row, without a look at its cells:
    /// every unlit LED one cell, and none of the row's LEDs lit in either.
    /// The frame's copy (`FrameModel.follow`) and the terminal's diff
    /// (`FrameDiff`) skip such a row; more than half of a tall sign's rows are.
    @inline(__always)
    public func keepsDarkRow(litBefore: Int, litAfter: Int) -> Bool {
        unlitIsUniform && litBefore == 0 && litAfter == 0
    }
}
