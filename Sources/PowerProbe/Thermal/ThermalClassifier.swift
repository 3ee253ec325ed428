import MarqueeCore

/// Turns temperatures and their limits into a ``ThermalState`` (docs/power-probe.md).
///
/// Pure functions of parsed numbers, so the rules are tested as tables and
/// ``ThermalHysteresis`` can ask the same question with thresholds lowered by
/// a `margin` (°C). Lowering every threshold by `margin` is the same as
/// raising the temperature by it, which is how it is computed.
///
/// ```swift
/// ThermalClassifier.zoneState(celsius: 81, trips: [TripPoint(.critical, celsius: 90)])  // .serious
/// ThermalClassifier.hwmonState(celsius: 85, maxCelsius: 80, critCelsius: 100)           // .serious
/// ```
public enum ThermalClassifier {
    /// Readings outside this range are sensor garbage (disconnected diodes
    /// read -128 °C or 255 °C; unset limits read 65 535 °C).
    public static let plausibleCelsius: ClosedRange<Double> = -50...200

    /// hwmon chips that publish no critical limit get this one.
    public static let defaultCritCelsius: Double = 100

    /// Whether a sensor reading can be believed.
    public static func isPlausible(_ celsius: Double) -> Bool {
        plausibleCelsius.contains(celsius)
    }

    /// Whether a limit (trip point, `_max`, `_crit`) means something:
    /// firmware writes 0 or -274 000 milli-°C for "not set".
    public static func isUsableLimit(_ celsius: Double) -> Bool {
        celsius > 0 && isPlausible(celsius)
    }

    /// The state of one thermal zone at `celsius` against its trip points,
    /// or `nil` when the zone has no usable trip point (it then does not
    /// apply) or the reading is implausible.
    ///
    /// With C the lowest critical trip: critical at the lowest `hot` trip or
    /// C-5; serious at the lowest `passive` trip or C-10; fair at the lowest
    /// `active` trip or C-20.
    public static func zoneState(celsius: Double, trips: [TripPoint], margin: Double = 0) -> ThermalState? {
        guard isPlausible(celsius) else { return nil }
        let usable = trips.filter { isUsableLimit($0.celsius) }
        guard !usable.isEmpty else { return nil }
        func lowest(_ kind: TripPoint.Kind) -> Double? {
            usable.filter { $0.kind == kind }.map(\.celsius).min()
        }
        let crit = lowest(.critical)
        let thresholds: [(ThermalState, Double?)] = [
            (.critical, earliest(lowest(.hot), crit.map { $0 - 5 })),
            (.serious, earliest(lowest(.passive), crit.map { $0 - 10 })),
            (.fair, earliest(lowest(.active), crit.map { $0 - 20 })),
        ]
        return state(at: celsius + margin, thresholds: thresholds)
    }

    /// The state of one hwmon sensor at `celsius`, given its chip's lowest
    /// plausible `_max` and `_crit` limits, or `nil` if the reading is
    /// implausible.
    ///
    /// C = crit (100 °C if none); M = max, but at most C-10 (C-10 if none);
    /// fair at M-10, serious at M, critical halfway from M to C.
    public static func hwmonState(celsius: Double, maxCelsius: Double?, critCelsius: Double?, margin: Double = 0) -> ThermalState? {
        guard isPlausible(celsius) else { return nil }
        let crit = critCelsius.flatMap { isUsableLimit($0) ? $0 : nil } ?? defaultCritCelsius
        let ceiling = crit - 10
        let max = min(maxCelsius.flatMap { isUsableLimit($0) ? $0 : nil } ?? ceiling, ceiling)
        let thresholds: [(ThermalState, Double?)] = [
            (.critical, max + (crit - max) / 2),
            (.serious, max),
            (.fair, max - 10),
        ]
        return state(at: celsius + margin, thresholds: thresholds)
    }

    /// The hottest state whose threshold is reached; thresholds are checked
    /// from hottest down because firmware does not promise they are ordered.
    private static func state(at celsius: Double, thresholds: [(ThermalState, Double?)]) -> ThermalState {
        for (state, threshold) in thresholds {
            if let threshold, celsius >= threshold { return state }
        }
        return .nominal
    }

    /// Either of two alternative thresholds trips the state, so the lower wins.
    private static func earliest(_ a: Double?, _ b: Double?) -> Double? {
        switch (a, b) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b): b
        }
    }
}
