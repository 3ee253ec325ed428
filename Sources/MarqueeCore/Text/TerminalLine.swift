/// A line of plain terminal text measured once: its drawn scalars and the
/// cell each starts at. A frame can then draw any window of it, or wrap the
/// first rows of it, in time that follows the window, not the text's length
/// (a cue line may be 64 KiB).
///
/// ```swift
/// let line = TerminalLine("日本 caption")
/// line.width                     // 12 cells
/// line.firstScalar(atOrAfterCell: 2)   // 1: 本 starts at cell 2
/// ```
public struct TerminalLine: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The text, already sanitized and in display order.
    public let text: String
    /// Scalars that take cells (zero-width ones are dropped, as
    /// `FrameModel.write` drops them).
    let scalars: [Unicode.Scalar]
    /// Cell where each scalar starts; ascending.
    let starts: [Int]
    /// Cells of the whole line.
    public let width: Int

    public init(_ text: String) {
        self.text = text
        var scalars: [Unicode.Scalar] = []
        var starts: [Int] = []
        var x = 0
        for scalar in text.unicodeScalars {
            let cells = TerminalText.cellWidth(scalar)
            guard cells > 0 else { continue }
            scalars.append(scalar)
            starts.append(x)
            x += cells
        }
        self.scalars = scalars
        self.starts = starts
        width = x
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Index of the first scalar starting at or after `cell` (`count` past the end).
    func firstScalar(atOrAfterCell cell: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < cell { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Cells of scalar `index`.
    func cells(at index: Int) -> Int {
        (index + 1 < starts.count ? starts[index + 1] : width) - starts[index]
    }

    /// Same text, same line: the arrays follow from it.
    public static func == (lhs: TerminalLine, rhs: TerminalLine) -> Bool { lhs.text == rhs.text }
}
