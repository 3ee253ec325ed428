/// A line of plain terminal text measured once: its width in cells and, every
/// ``markStride`` drawn scalars, where that scalar is and the cell it starts
/// at. A frame can then draw any window of it, or wrap the first rows of it,
/// in time that follows the window, not the text's length (a cue line may be
/// 64 KiB).
///
/// Every cue keeps one for its text and caption, so it must cost about what
/// the text costs: a scalar and a start cell per scalar (12 bytes per byte of
/// ASCII) made every cue cost 14 times its text, and 1,000 added 60 KiB
/// messages took 870 MB (issue 24). A mark every 64 scalars costs a quarter
/// of a byte per scalar; finding a window walks at most 63 scalars more.
///
/// ```swift
/// let line = TerminalLine("日本 caption")
/// line.width                           // 12 cells
/// Array(line.cells(fromCell: 2)).first?.start   // 2: 本 starts at cell 2
/// ```
public struct TerminalLine: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The text, already sanitized and in display order.
    public let text: String
    /// Cells of the whole line.
    public let width: Int
    /// Drawn scalar number 0, `markStride`, 2 × `markStride`, …: its place
    /// in `text` and its start cell; ascending.
    private let marks: [Mark]

    /// Drawn scalars between two marks.
    static let markStride = 64

    private struct Mark: Sendable {
        let index: String.UnicodeScalarView.Index
        let cell: Int
    }

    /// A drawn scalar of the line: zero-width ones are skipped, as
    /// `FrameModel.write` skips them.
    public struct DrawnScalar: Equatable {
        public let scalar: Unicode.Scalar
        /// The cell it starts at, from the line's start.
        public let start: Int
        /// Its cells, 1 or 2.
        public let width: Int
    }

    public init(_ text: String) {
        self.text = text
        var marks: [Mark] = []
        var drawn = 0
        var x = 0
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let cells = TerminalText.cellWidth(scalars[index])
            if cells > 0 {
                if drawn % Self.markStride == 0 { marks.append(Mark(index: index, cell: x)) }
                drawn += 1
                x += cells
            }
            scalars.formIndex(after: &index)
        }
        self.marks = marks
        width = x
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The drawn scalars from the first one that starts at or after `cell`
    /// to the end of the line.
    public func cells(fromCell cell: Int) -> Cells {
        // The last mark at or before `cell`: the window starts at most
        // `markStride` scalars after it.
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].cell <= cell { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return Cells(scalars: text.unicodeScalars, index: text.unicodeScalars.endIndex, x: width, from: cell) }
        let mark = marks[low - 1]
        return Cells(scalars: text.unicodeScalars, index: mark.index, x: mark.cell, from: cell)
    }

    /// The drawn scalars of a line from a cell on; see ``cells(fromCell:)``.
    public struct Cells: Sequence, IteratorProtocol {
        let scalars: String.UnicodeScalarView
        var index: String.UnicodeScalarView.Index
        var x: Int
        let from: Int

        public mutating func next() -> DrawnScalar? {
            while index != scalars.endIndex {
                let scalar = scalars[index]
                scalars.formIndex(after: &index)
                let cells = TerminalText.cellWidth(scalar)
                guard cells > 0 else { continue }
                let start = x
                x += cells
                if start >= from { return DrawnScalar(scalar: scalar, start: start, width: cells) }
            }
            return nil
        }
    }

    /// Same text, same line: the marks follow from it.
    public static func == (lhs: TerminalLine, rhs: TerminalLine) -> Bool { lhs.text == rhs.text }
}
