/// The drift slice (`--drift`, docs/display.md): how many one-LED moves a
/// sign at rest has made, which is where on its orbit it stands
/// (``RestDrift``).
public struct DriftState: Sendable {
    public private(set) var step = 0

    init() {}

    /// The drift timer fired: one move on.
    mutating func move() { step += 1 }
}
