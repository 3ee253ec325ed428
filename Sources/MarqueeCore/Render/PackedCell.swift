/// A frame's cell as the frame stores it (`Cell.packed`): its character and
/// its two inks' codes in one integer. The terminal painter reads changed
/// cells this way, so a scroll step's cells reach the terminal's bytes
/// without being decoded into a `Cell` and its inks encoded again to look
/// up their style.
public struct PackedCell: Equatable, Sendable {
    @usableFromInline let bits: UInt64

    @inlinable init(bits: UInt64) {
        self.bits = bits
    }

    /// The cell's character.
    @inlinable public var scalar: Unicode.Scalar {
        Unicode.Scalar(UInt32(truncatingIfNeeded: bits & 0x1F_FFFF)) ?? "\u{FFFD}"
    }

    /// Its two inks as one number, `foreground.code * Ink.codeCount +
    /// background.code`: a dense index for a table of styles.
    @inlinable public var inks: Int {
        Int(truncatingIfNeeded: bits >> 24 & 0xFF) * Ink.codeCount + Int(truncatingIfNeeded: bits >> 32 & 0xFF)
    }

    /// Whether this is a wide character's second cell.
    @inlinable public var isContinuation: Bool {
        bits == 0  // Cell.continuation: U+0000 in plain inks
    }

    /// The cell, decoded.
    public var cell: Cell { Cell(packed: bits) }
}

extension FrameModel {
    /// The cell at `row`, `column`, as the frame stores it.
    public func packedCell(row: Int, column: Int) -> PackedCell {
        PackedCell(bits: storage[index(row: row, column: column)])
    }
}
