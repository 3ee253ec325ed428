/// The advance slice: the automatic-advance wait as the countdown bar and
/// the advance timer see it — when it started, or the fraction left when it
/// stopped — and the advance condition ID it was planned for, so the root
/// can tell a change (docs/condition-ids.md).
public struct AdvanceState: Sendable {
    /// When the running wait started; nil while none runs.
    public private(set) var waitStartedAt: Double?
    /// The fraction of the wait left when it stopped (the bar freezes there).
    public private(set) var frozenCountdown = 1.0
    /// The ID the wait was last planned for; nil before the start.
    private(set) var lastAdvanceID: AdvanceConditionID?

    init() {}

    /// A full wait starts at `t`.
    mutating func start(at t: Double) { waitStartedAt = t }

    /// No wait runs; the bar stands at `remaining`.
    mutating func freeze(at remaining: Double) {
        frozenCountdown = remaining
        waitStartedAt = nil
    }

    /// The bar stands full: the flow's message comes back to a whole wait.
    mutating func refill() { frozenCountdown = 1 }

    /// The wait now follows `id`.
    mutating func follow(_ id: AdvanceConditionID?) { lastAdvanceID = id }
}
