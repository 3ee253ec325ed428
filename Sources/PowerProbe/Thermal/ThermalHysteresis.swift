import MarqueeCore

/// Keeps the thermal state from flapping around a threshold (docs/power-probe.md): a
/// state rises at once; it falls only after two readings in a row indicate a
/// lower state with every threshold lowered by ``margin``, and then to the
/// higher of the states those two readings indicate.
///
/// Each reading is given twice: classified normally (`raw`, used to rise)
/// and with thresholds lowered by ``margin`` (`lowered`, used to fall).
///
/// ```swift
/// var h = ThermalHysteresis()
/// h.update(raw: .serious, lowered: .serious)  // .serious — rises at once
/// h.update(raw: .fair, lowered: .fair)        // .serious — one reading is not enough
/// h.update(raw: .fair, lowered: .fair)        // .fair
/// ```
public struct ThermalHysteresis: Sendable, Equatable {
    /// How far (°C) a temperature must drop below a threshold to count as
    /// having left it.
    public static let margin: Double = 2

    /// The state reported after the last update; `nil` before any data.
    public private(set) var state: ThermalState?
    /// The lowered state of the previous reading when it pointed below
    /// ``state``: the first half of a fall.
    private var pendingFall: ThermalState?

    public init() {}

    /// Feeds one reading and returns the state to report.
    ///
    /// A reading with no thermal data at all (`nil`) reports `nil` and
    /// forgets the held state: "unknown" is shown honestly rather than an old
    /// value, and the next real reading is taken as it is.
    @discardableResult
    public mutating func update(raw: ThermalState?, lowered: ThermalState?) -> ThermalState? {
        guard let raw else {
            state = nil
            pendingFall = nil
            return nil
        }
        // Lowering thresholds can only make a reading hotter; a caller that
        // passes less is treated as if it had passed `raw`.
        let lowered = max(lowered ?? raw, raw)
        guard let current = state, raw <= current else {
            state = raw
            pendingFall = nil
            return raw
        }
        if lowered < current {
            if let first = pendingFall {
                state = max(first, lowered)
                pendingFall = nil
            } else {
                pendingFall = lowered
            }
        } else {
            pendingFall = nil
        }
        return state
    }
}
