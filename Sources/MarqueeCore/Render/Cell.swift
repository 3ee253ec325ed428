/// One terminal cell of a frame. A wide character's second cell holds
/// `Cell.continuation` and is skipped when drawing.
public struct Cell: Sendable, Hashable {
    public var scalar: Unicode.Scalar
    public var foreground: Ink
    public var background: Ink

    public init(_ scalar: Unicode.Scalar, foreground: Ink = .plain, background: Ink = .plain) {
        self.scalar = scalar
        self.foreground = foreground
        self.background = background
    }

    public static let blank = Cell(" ")
    public static let continuation = Cell("\u{0}")

    /// The cell in one integer: scalar in bits 0–20, foreground ink code
    /// in bits 24–31, background in 32–39. Frames store cells this way, so
    /// comparing two frames is comparing integers.
    @inline(__always)
    var packed: UInt64 {
        UInt64(scalar.value) | UInt64(foreground.code) << 24 | UInt64(background.code) << 32
    }

    @inline(__always)
    init(packed: UInt64) {
        scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: packed & 0x1F_FFFF)) ?? "\u{FFFD}"
        foreground = Ink(code: Int(truncatingIfNeeded: packed >> 24 & 0xFF))
        background = Ink(code: Int(truncatingIfNeeded: packed >> 32 & 0xFF))
    }
}
