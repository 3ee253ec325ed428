import MarqueeCore

/// Turns a cue source that arrives in pieces (standard input, a followed
/// file) into cues as each piece comes: one message per line by the rules
/// of a text cue file, or a whole JSON deck (docs/cue-flow.md, "Live
/// input"). Pure: the caller reads, this only decides.
///
/// `--format auto` never waits on the stream to choose: a first non-blank
/// byte other than `[` is text; after a `[` the bytes are read as JSON as
/// they come (`JSONPrefixScanner`) — text as soon as they can no longer be
/// JSON (`[12:00:01] checkout ok` at its `:`), a deck as soon as one whole
/// value ends its line, shown then, not at the end of input. A stream that
/// stalls before either is told by the caller to read as text
/// (``decideLines()``, after a second of silence).
struct CueStream {
    /// What one piece of input added.
    struct Batch: Equatable {
        var cues: [Cue] = []
        var notes: [String] = []
        /// `--format auto`'s choice, in the batch that made it.
        var choice: Choice?
        /// The deck's `"zones"`, in the batch that read it (nil: none).
        var zones: [SignZone]?
    }

    /// How `auto` read the stream, and why: the events log's `format` record.
    struct Choice: Equatable {
        /// The input's name (`standard input`).
        var source: String
        /// `.json` or `.lines`.
        var format: CueInputFormat
        var reason: String

        /// The events log's `format` record of this choice.
        var record: EventRecord {
            .format(source: source, format: format == .json ? "deck" : "lines", reason: reason)
        }
    }

    private enum Mode {
        /// Blank so far.
        case undecided
        /// After a `[`: what came is, so far, the start of a JSON value.
        case sniffing
        /// One whole JSON value came; the rest of its line decides.
        case afterValue
        case lines
        /// `--format json`: read whole at the end.
        case deck
        /// `auto`'s deck was read; what follows is ignored.
        case deckRead
    }

    /// Notes said about one stream at most; a feed of garbage must not
    /// fill the log and the sign with one note a line.
    static let maximumNotes = 100

    let name: String
    let seconds: Double
    private var mode: Mode
    private var assembler = LineAssembler()
    private var deckBytes: [UInt8] = []
    private var scanner = JSONPrefixScanner()
    private var notesGiven = 0
    private var trailingNoted = false

    init(name: String, seconds: Double, format: CueInputFormat) {
        self.name = name
        self.seconds = seconds
        mode = switch format {
        case .auto: .undecided
        case .json: .deck
        case .lines: .lines
        }
    }

    /// The stream is, or may yet be, a deck: nothing shows until it is whole.
    var isDeck: Bool { mode == .deck || mode == .sniffing || mode == .afterValue }

    /// `auto` has seen a `[` and not yet chosen: the caller's silence timer runs.
    var isUndecided: Bool { mode == .sniffing || mode == .afterValue }

    /// The cues completed by `bytes`. A deck larger than a cue file may be
    /// is an error, as it is for a file.
    mutating func feed(_ bytes: some Collection<UInt8>) throws(CueFileParser.ParseError) -> Batch {
        var rest = bytes as? ArraySlice<UInt8> ?? ArraySlice(bytes)
        var batch = Batch()
        if mode == .undecided {
            guard let first = rest.firstIndex(where: { !CueInputFormat.isBlank($0) }) else {
                // Blank so far: counted as lines, in case it stays text.
                _ = assembler.feed(rest)
                return Batch()
            }
            if rest[first] == UInt8(ascii: "[") {
                mode = .sniffing
                _ = assembler.feed(rest[..<first])
                rest = rest[first...]
            } else {
                mode = .lines
                batch.choice = Choice(source: name, format: .lines, reason: "the first line does not start with [")
            }
        }
        switch mode {
        case .sniffing, .afterValue:
            return try sniff(rest, into: batch)
        case .deck:
            try holdDeck(rest)
            return batch
        case .deckRead:
            return trailing(rest, into: batch)
        case .lines, .undecided:
            let lines = self.lines(assembler.feed(rest))
            batch.cues = lines.cues
            batch.notes = lines.notes
            return batch
        }
    }

    /// Reads on as JSON until it cannot be, or one whole value ends its line.
    private mutating func sniff(_ bytes: ArraySlice<UInt8>, into batch: Batch) throws(CueFileParser.ParseError) -> Batch {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if mode == .sniffing {
                switch scanner.feed(byte) {
                case .partial: continue
                case .complete: mode = .afterValue
                case .invalid:
                    try holdDeck(bytes[..<index])
                    return choseLines("the first line is not the start of a JSON deck", rest: bytes[index...], into: batch)
                }
            } else if byte == UInt8(ascii: "\n") {
                try holdDeck(bytes[..<index])
                var read = try readDeck(into: batch)
                read.choice = Choice(source: name, format: .json, reason: "a whole JSON value ends its line")
                return trailing(bytes[index...], into: read)
            } else if !CueInputFormat.isBlank(byte) {
                try holdDeck(bytes[..<index])
                return choseLines("text follows the JSON value on its line", rest: bytes[index...], into: batch)
            }
        }
        try holdDeck(bytes)
        return batch
    }

    /// `auto` chose text: what was held as a possible deck is read as lines,
    /// then `rest`.
    private mutating func choseLines(_ reason: String, rest: ArraySlice<UInt8>, into batch: Batch) -> Batch {
        mode = .lines
        let held = deckBytes
        deckBytes = []
        var batch = batch
        let lines = self.lines(assembler.feed(held) + assembler.feed(rest))
        batch.cues += lines.cues
        batch.notes += lines.notes
        batch.choice = Choice(source: name, format: .lines, reason: reason)
        return batch
    }

    /// A stream that has said nothing for a while after a `[` without
    /// becoming a deck is text (the caller's timer); nothing when `auto`
    /// has chosen already.
    mutating func decideLines() -> Batch {
        guard isUndecided else { return Batch() }
        return choseLines("no whole JSON value came before a second of silence", rest: [], into: Batch())
    }

    private mutating func holdDeck(_ bytes: ArraySlice<UInt8>) throws(CueFileParser.ParseError) {
        guard deckBytes.count + bytes.count <= Program.maximumCueFileBytes else {
            throw CueFileParser.ParseError("\(name): cannot read cue file: larger than \(Program.maximumCueFileBytes >> 20) MB")
        }
        deckBytes += bytes
    }

    /// The held deck, parsed; `auto` reads nothing more.
    private mutating func readDeck(into batch: Batch) throws(CueFileParser.ParseError) -> Batch {
        mode = .deckRead
        let result = try CueFileParser.parse(deckBytes, name: name, isDeck: true, defaultSeconds: seconds)
        deckBytes = []
        var batch = batch
        batch.cues += result.cues
        batch.notes += result.notes
        batch.zones = result.zones
        return batch
    }

    /// After `auto`'s deck: anything but blanks is said once and dropped.
    private mutating func trailing(_ bytes: ArraySlice<UInt8>, into batch: Batch) -> Batch {
        var batch = batch
        if !trailingNoted, bytes.contains(where: { !CueInputFormat.isBlank($0) }) {
            trailingNoted = true
            note("\(name): text after the deck is ignored (one deck per input; --format lines reads lines)", in: &batch)
        }
        return batch
    }

    /// The end of the stream: its last line without a newline, or the
    /// whole deck.
    mutating func finish() throws(CueFileParser.ParseError) -> Batch {
        switch mode {
        case .deck:
            return try readDeck(into: Batch())
        case .sniffing, .afterValue:
            // The end decides: a deck, or the deck parser's error as for a file.
            var batch = try readDeck(into: Batch())
            batch.choice = Choice(source: name, format: .json, reason: "the input ended as a JSON value")
            return batch
        case .deckRead:
            return Batch()
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
