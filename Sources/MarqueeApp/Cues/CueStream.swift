import MarqueeCore

/// Turns a cue source that arrives in pieces (standard input, a followed
/// file) into cues as each piece comes: one message per line by the rules
/// of a text cue file, or a whole JSON deck at the end (docs/cue-flow.md,
/// "Live input"). Pure: the caller reads, this only decides.
struct CueStream {
    /// What one piece of input added.
    struct Batch: Equatable {
        var cues: [Cue] = []
        var notes: [String] = []
    }

    private enum Mode { case undecided, lines, deck }

    /// Notes said about one stream at most; a feed of garbage must not
    /// fill the log and the sign with one note a line.
    static let maximumNotes = 100

    let name: String
    let seconds: Double
    private var mode: Mode
    private var assembler = LineAssembler()
    private var deckBytes: [UInt8] = []
    private var notesGiven = 0

    init(name: String, seconds: Double, format: CueInputFormat) {
        self.name = name
        self.seconds = seconds
        mode = switch format {
        case .auto: .undecided
        case .json: .deck
        case .lines: .lines
        }
    }

    /// The stream is a deck: nothing shows until its end.
    var isDeck: Bool { mode == .deck }

    /// The cues completed by `bytes`. A deck larger than a cue file may be
    /// is an error, as it is for a file.
    mutating func feed(_ bytes: some Collection<UInt8>) throws(CueFileParser.ParseError) -> Batch {
        var rest = bytes[...]
        if mode == .undecided {
            guard let first = rest.firstIndex(where: { !CueInputFormat.isBlank($0) }) else {
                // Blank so far: counted as lines, in case it stays text.
                _ = assembler.feed(rest)
                return Batch()
            }
            mode = rest[first] == UInt8(ascii: "[") ? .deck : .lines
            if mode == .deck { rest = rest[first...] }
        }
        switch mode {
        case .deck:
            guard deckBytes.count + rest.count <= Program.maximumCueFileBytes else {
                throw CueFileParser.ParseError("\(name): cannot read cue file: larger than \(Program.maximumCueFileBytes >> 20) MB")
            }
            deckBytes += rest
            return Batch()
        case .lines, .undecided:
            return lines(assembler.feed(rest))
        }
    }

    /// The end of the stream: its last line without a newline, or the
    /// whole deck.
    mutating func finish() throws(CueFileParser.ParseError) -> Batch {
        switch mode {
        case .deck:
            let result = try CueFileParser.parse(deckBytes, name: name, isDeck: true, defaultSeconds: seconds)
            deckBytes = []
            return Batch(cues: result.cues, notes: result.notes)
        case .lines, .undecided:
            return lines(assembler.finish().map { [$0] } ?? [])
        }
    }

    private mutating func lines(_ lines: [LineAssembler.Line]) -> Batch {
        var batch = Batch()
        for line in lines {
            let place = "\(name):\(line.number)"
            if line.wasCut { note("\(place): line cut to \(CueFileParser.maximumLineBytes) bytes", in: &batch) }
            // A file with NUL is refused whole; a stream cannot be, so the
            // line goes.
            if line.bytes.contains(0) {
                note("\(place): line skipped: it contains NUL bytes", in: &batch)
                continue
            }
            switch CueFileParser.textLine(line.bytes, seconds: seconds) {
            case .cue(let cue): batch.cues.append(cue)
            case .skipped: break
            case .invalidUTF8: note("\(place): line skipped: not valid UTF-8 text", in: &batch)
            }
        }
        return batch
    }

    private mutating func note(_ text: String, in batch: inout Batch) {
        notesGiven += 1
        if notesGiven < Self.maximumNotes {
            batch.notes.append(text)
        } else if notesGiven == Self.maximumNotes {
            batch.notes.append("\(name): \(Self.maximumNotes) notes said; no more about this input")
        }
    }
}
