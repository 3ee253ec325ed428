import MarqueeCore

/// Keeps the thermal state from flapping around a threshold (docs/power-probe.md,
/// "Hysteresis"): a state rises at once; it falls only once the readings have
/// pointed lower, with every threshold lowered by ``margin``, for
/// ``fallSeconds`` of their own time, and then to the highest state any of
/// those readings pointed to.
///
/// Time, not a count of readings: readings come on the probe interval, but
/// also on power news, keys and resume, so two of them can be milliseconds
/// apart, and two such readings are no evidence that the machine has cooled.
///
/// Each reading is given twice: classified normally (`raw`, used to rise)
/// and with thresholds lowered by ``margin`` (`lowered`, used to fall).
///
/// ```swift
/// var h = ThermalHysteresis()
/// h.update(raw: .serious, lowered: .serious, at: 0)   // .serious — rises at once
/// h.update(raw: .fair, lowered: .fair, at: 10)        // .serious — cooler since 10
/// h.update(raw: .fair, lowered: .fair, at: 10.005)    // .serious — 5 ms is not 2 s
/// h.update(raw: .fair, lowered: .fair, at: 12)        // .fair — cooler for 2 s
/// ```
public struct ThermalHysteresis: Sendable, Equatable {
    /// How far (°C) a temperature must drop below a threshold to count as
    /// having left it.
    public static let margin: Double = 2
    /// How long (seconds) the readings must point lower before the state
    /// falls: at the default probe interval (2 s) that is two readings, the
    /// rule's old count, and at any interval a sign cannot flip between
    /// scrolling and stopped faster than this.
    public static let fallSeconds: Double = 2

    /// A run of readings that all pointed below ``state``.
    private struct Fall: Sendable, Equatable {
        /// The time of the first of them.
        var since: Double
        /// The highest lowered state any of them pointed to.
        var to: ThermalState
    }

    /// The state reported after the last update; `nil` before any data.
    public private(set) var state: ThermalState?
    private var fall: Fall?

    public init() {}

    /// Feeds the reading taken at `time` (seconds, on any clock that does
    /// not go back) and returns the state to report.
    ///
    /// A reading with no thermal data at all (`nil`) reports `nil` and
    /// forgets the held state: "unknown" is shown honestly rather than an old
    /// value, and the next real reading is taken as it is.
    @discardableResult
    public mutating func update(raw: ThermalState?, lowered: ThermalState?, at time: Double) -> ThermalState? {
        guard let raw else {
            state = nil
            fall = nil
            return nil
        }
        // Lowering thresholds can only make a reading hotter; a caller that
        // passes less is treated as if it had passed `raw`.
        let lowered = max(lowered ?? raw, raw)
        guard let current = state, raw <= current else {
            state = raw
            fall = nil
            return raw
        }
        // A reading that does not point lower ends the run: the cooling must
        // be unbroken.
        guard lowered < current else {
            fall = nil
            return current
        }
        let run = fall.map { Fall(since: $0.since, to: max($0.to, lowered)) } ?? Fall(since: time, to: lowered)
        if time - run.since >= Self.fallSeconds {
            state = run.to
            fall = nil
        } else {
            fall = run
        }
        return state
    }
}
