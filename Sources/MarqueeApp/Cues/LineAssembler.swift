/// Splits a byte stream that arrives in pieces into lines, holding at most
/// one line's bound of a partial line: a line longer than
/// `CueFileParser.maximumLineBytes` is cut there (without half a UTF-8
/// character) and the rest of it, up to its newline, is dropped as it
/// arrives, so no writer can make the sign hold more than the bound.
struct LineAssembler {
    /// One complete line, without its newline.
    struct Line: Equatable {
        /// 1 for the first line of the stream.
        let number: Int
        let bytes: [UInt8]
        /// The line was longer than the bound and was cut.
        let wasCut: Bool
    }

    let limit: Int
    /// The line so far: at most `limit + 1` bytes, the extra byte being
    /// how `CueFileParser.cut` tells a cut line from one exactly at the bound.
    private var partial: [UInt8] = []
    /// The current line went past the bound: drop bytes until its newline.
    private var skipping = false
    private var lineNumber = 0

    init(limit: Int = CueFileParser.maximumLineBytes) {
        self.limit = max(1, limit)
    }

    /// Bytes of a partial line held now (never more than `limit + 1`).
    var heldBytes: Int { partial.count }

    /// The lines completed by `bytes`.
    mutating func feed(_ bytes: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else {
                take(rest)
                break
            }
            take(rest[..<newline])
            lines.append(complete())
            rest = rest[rest.index(after: newline)...]
        }
        return lines
    }

    /// At the end of the stream: the last line, when it had no newline.
    mutating func finish() -> Line? {
        guard !partial.isEmpty || skipping else { return nil }
        return complete()
    }

    private mutating func take(_ piece: some Collection<UInt8>) {
        guard !skipping else { return }
        let room = limit + 1 - partial.count
        partial += piece.prefix(room)
        if partial.count > limit { skipping = true }
    }

    private mutating func complete() -> Line {
        lineNumber += 1
        let line = skipping
            ? Line(number: lineNumber, bytes: CueFileParser.cut(partial, limit: limit), wasCut: true)
            : Line(number: lineNumber, bytes: partial, wasCut: false)
        partial = []
        skipping = false
        return line
    }
}
