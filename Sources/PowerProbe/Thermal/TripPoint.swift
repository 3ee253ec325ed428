/// One trip point of a kernel thermal zone (`trip_point_N_type` and
/// `trip_point_N_temp`), in °C: the temperature at which the kernel itself
/// starts reacting, which makes it the best statement of what "hot" means for
/// that sensor.
public struct TripPoint: Sendable, Hashable {
    /// The kernel's trip types, from the most drastic reaction to the mildest.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The kernel shuts the machine down.
        case critical
        /// Userspace is warned that shutdown is near.
        case hot
        /// The kernel throttles the CPU.
        case passive
        /// The kernel turns on a fan.
        case active
    }

    public var kind: Kind
    public var celsius: Double

    public init(_ kind: Kind, celsius: Double) {
        self.kind = kind
        self.celsius = celsius
    }
}
