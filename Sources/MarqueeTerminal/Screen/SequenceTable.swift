/// Terminal sequences expanded once, kept end to end in one byte array, so
/// choosing among them and writing one costs no retain of an array per
/// sequence: a scroll step weighs a few moves for every row of the sign.
struct SequenceStore {
    /// A sequence in the store: where its bytes start, and how many.
    struct Reference {
        let start: Int32
        let count: Int32
    }

    private var bytes: [UInt8] = []

    /// Keeps `sequence`; its place.
    mutating func add(_ sequence: [UInt8]) -> Reference {
        let start = bytes.count
        bytes += sequence
        return Reference(start: Int32(start), count: Int32(sequence.count))
    }

    /// Appends the bytes of `sequence` to `output`.
    func append(_ sequence: Reference, to output: inout ByteBuffer) {
        bytes.withUnsafeBufferPointer { all in
            output.append(all.baseAddress! + Int(sequence.start), count: Int(sequence.count))
        }
    }
}

/// Terminal sequences expanded once, by a small dense parameter (a row, a
/// column, a count, or row × width + column), their bytes in a
/// `SequenceStore`.
struct SequenceTable {
    private var entries: [SequenceStore.Reference?] = []

    /// The sequence kept for `index`, if any.
    @inline(__always)
    func known(at index: Int) -> SequenceStore.Reference? {
        index >= 0 && index < entries.count ? entries[index] : nil
    }

    /// Keeps `sequence` (a capability's expansion; nil when the terminal
    /// has none, which is not kept) for `index`, its bytes in `store`.
    mutating func keep(_ sequence: [UInt8]?, at index: Int, in store: inout SequenceStore) -> SequenceStore.Reference? {
        guard index >= 0, let sequence else { return nil }
        if index >= entries.count { entries += Array(repeating: nil, count: index + 1 - entries.count) }
        let reference = store.add(sequence)
        entries[index] = reference
        return reference
    }
}
