extension FrameModel {
    /// One row's cells, written in place (``FrameModel/writeRow(_:_:)``).
    struct RowWriter: ~Copyable {
        private let cells: UnsafeMutableBufferPointer<UInt64>
        private let rotation: Int
        private let rotatedWidth: Int
        /// Lit cells written less lit cells overwritten.
        private(set) var litDelta = 0
        private(set) var wroteContinuation = false

        init(cells: UnsafeMutableBufferPointer<UInt64>, rotation: Int, rotatedWidth: Int) {
            self.cells = cells
            self.rotation = rotation
            self.rotatedWidth = rotatedWidth
        }

        /// The cell at `column` of the row.
        subscript(column: Int) -> Cell {
            get { Cell(packed: cells[index(column)]) }
            set { set(newValue.packed, column: column) }
        }

        @inline(__always)
        private func index(_ column: Int) -> Int {
            precondition(column >= 0 && column < cells.count, "column \(column) outside the row's \(cells.count)")
            guard rotation != 0, column < rotatedWidth else { return column }
            let turned = column + rotation
            return turned < rotatedWidth ? turned : turned - rotatedWidth
        }

        /// Writes the cell packed as `Cell.packed` packs one, for painters
        /// that build cells as integers.
        @inline(__always)
        mutating func set(packed: UInt64, column: Int) {
            set(packed, column: column)
        }

        @inline(__always)
        private mutating func set(_ packed: UInt64, column: Int) {
            let at = index(column)
            if packed == Cell.continuation.packed { wroteContinuation = true }
            litDelta += FrameModel.litInks(packed) - FrameModel.litInks(cells[at])
            cells[at] = packed
        }
    }
}
