import MarqueeCore

/// Turns the bytes of a cue file into cues: one message per line for
/// text, an array of strings or `{text, caption, seconds, …}` objects for
/// a `.json` deck (the look keys are in `DeckEntryLook.swift`, a news feed's
/// `{"feed": …}` in `Feeds/DeckFeed.swift`), or that
/// array as the `"deck"` of an object with the `"epoch"` `--sync` counts
/// from (`DeckEpoch.swift`) and the `"zones"` the sign shows while it plays
/// (`DeckZones.swift`). Hostile input gives a one-line error naming the place.
public enum CueFileParser {
    /// Longest message or caption kept, from a line of text or a deck
    /// entry; longer ones are cut (a sign shows only the start), so no text
    /// of any size reaches the layout.
    public static let maximumLineBytes = 65_536

    /// The cues and any notes about cuts made on the way.
    public struct Result: Sendable, Equatable {
        public var cues: [Cue]
        public var notes: [String]
        /// The deck's `"epoch"`, in Unix seconds; nil when it has none.
        public var epoch: Double? = nil
        /// The deck's `{"feed": …}` entries, each with the number of
        /// `cues` before it (docs/feeds.md).
        public var feeds: [DeckFeed] = []
        /// The deck's `"zones"`: nil when it has none (the sign keeps its
        /// own, `--zones`), `[]` for a deck that shows none.
        public var zones: [SignZone]? = nil
    }

    /// A cue file that cannot be played.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// `allowsFeeds`: a deck may have `{"feed": …}` entries (only a deck
    /// given with `-f` plays them; elsewhere such an entry is refused).
    public static func parse(_ bytes: [UInt8], name: String, isDeck: Bool, defaultSeconds: Double,
                             allowsFeeds: Bool = false) throws(ParseError) -> Result {
        if bytes.contains(0) { throw ParseError("\(name): looks like a binary file (it contains NUL bytes)") }
        return isDeck
            ? try parseDeck(bytes, name: name, defaultSeconds: defaultSeconds, allowsFeeds: allowsFeeds)
            : try parseLines(bytes, name: name, defaultSeconds: defaultSeconds)
    }

    static func parseLines(_ bytes: [UInt8], name: String, defaultSeconds: Double) throws(ParseError) -> Result {
        var cues: [Cue] = []
        var notes: [String] = []
        var lineNumber = 0
        var textBytes = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine)
            if line.count > maximumLineBytes {
                line = cut(line)
                notes.append("\(name):\(lineNumber): line cut to \(maximumLineBytes) bytes")
            }
            switch textLine(line, seconds: defaultSeconds) {
            case .cue(let cue):
                cues.append(cue)
                textBytes += FlowLimits.textBytes(of: cue)
                try checkFlowLimits(count: cues.count, bytes: textBytes, name: name)
            case .skipped: continue
            case .invalidUTF8: throw ParseError("\(name):\(lineNumber): not valid UTF-8 text")
            }
        }
        guard !cues.isEmpty else { throw ParseError("\(name): no messages (every line is blank or a # comment)") }
        return Result(cues: cues, notes: notes)
    }

    /// What one line of a text cue file says, once cut to `maximumLineBytes`.
    enum TextLine: Equatable {
        case cue(Cue)
        /// Blank, a `#` comment, or nothing the sign can show.
        case skipped
        case invalidUTF8
    }

    /// The one rule for a line of text, shared by a cue file and a live
    /// stream (`CueStream`), so both skip and trim the same lines.
    static func textLine(_ line: [UInt8], seconds: Double) -> TextLine {
        guard let text = String(validating: line, as: UTF8.self) else { return .invalidUTF8 }
        let trimmed = text.trimmingTrailingWhitespace()
        let content = trimmed.drop(while: { $0 == " " || $0 == "\t" })
        if content.isEmpty || content.hasPrefix("#") { return .skipped }
        let cue = Cue(text: String(trimmed), seconds: seconds)
        return cue.text.allSatisfy({ $0 == " " }) ? .skipped : .cue(cue)
    }

    /// The keys a deck entry may have (and `colour`, taken for `color`);
    /// any other is ignored with a note.
    static let deckKeys = ["text", "caption", "seconds"] + lookKeys + scheduleKeys

    static func parseDeck(_ bytes: [UInt8], name: String, defaultSeconds: Double, allowsFeeds: Bool = false) throws(ParseError) -> Result {
        guard let root = JSONValue.parse(bytes) else {
            throw ParseError("\(name):" + (JSONSyntaxLocation.find(in: bytes).map { "\($0)" } ?? " not valid JSON"))
        }
        return try parseDeck(root: root, name: name, defaultSeconds: defaultSeconds, allowsFeeds: allowsFeeds)
    }

    /// A whole deck: its array of entries, or an object with that array as
    /// `"deck"` and an `"epoch"` (a control request's inline deck too).
    static func parseDeck(root: JSONValue, name: String, defaultSeconds: Double, allowsFeeds: Bool = false) throws(ParseError) -> Result {
        switch root {
        case .array(let entries):
            return try parseDeck(entries: entries, name: name, defaultSeconds: defaultSeconds, allowsFeeds: allowsFeeds)
        case .object(let object):
            guard let deck = object["deck"] else { throw ParseError("\(name): a deck object needs \"deck\", the JSON array of entries") }
            guard case .array(let entries) = deck else { throw ParseError("\(name): \"deck\" must be a JSON array of entries") }
            let epoch = try object["epoch"].flatMap { value throws(ParseError) in try self.epoch(value, name: name) }
            var result = try parseDeck(entries: entries, name: name, defaultSeconds: defaultSeconds, allowsFeeds: allowsFeeds)
            result.epoch = epoch
            result.zones = try object["zones"].flatMap { value throws(ParseError) in try zones(value, name: name) }
            let unknown = object.keys.filter { !deckObjectKeys.contains($0) }.sorted()
            if !unknown.isEmpty {
                let names = unknown.map(quoted).joined(separator: ", ")
                result.notes.insert("\(name): unknown key\(unknown.count == 1 ? "" : "s") \(names) ignored (a deck object has \"epoch\", \"deck\" and \"zones\")", at: 0)
            }
            return result
        default:
            throw ParseError("\(name): a deck must be a JSON array of entries, or an object with \"deck\" and \"epoch\"")
        }
    }

    /// A deck's entries already parsed as JSON (a control request's inline deck).
    static func parseDeck(entries: [JSONValue], name: String, defaultSeconds: Double,
                          allowsFeeds: Bool = false) throws(ParseError) -> Result {
        // Refused before a single cue is made (docs/limits.md).
        try checkFlowLimits(count: entries.count, bytes: 0, name: name)
        var cues: [Cue] = []
        var notes: [String] = []
        var feeds: [DeckFeed] = []
        var textBytes = 0
        for (index, entry) in entries.enumerated() {
            let place = "\(name): entry \(index + 1)"
            if case .object(let object) = entry, object["feed"] != nil {
                guard allowsFeeds else {
                    throw ParseError("\(place): a feed entry plays only in a deck given with -f at start or a fleet's deck (docs/feeds.md)")
                }
                guard feeds.count < DeckFeed.maximumPerDeck else {
                    throw ParseError("\(place): a deck has at most \(DeckFeed.maximumPerDeck) feeds")
                }
                feeds.append(DeckFeed(position: cues.count, entry: try feedEntry(object, place: place, notes: &notes)))
                continue
            }
            // A deck's texts get the bound of a text file's lines.
            func bounded(_ text: String, _ field: String) -> String {
                guard text.utf8.count > maximumLineBytes else { return text }
                notes.append("\(place): \(field) cut to \(maximumLineBytes) bytes")
                return String(decoding: cut(Array(text.utf8)), as: UTF8.self)
            }
            switch entry {
            case .string(let text):
                cues.append(try cue(text: bounded(text, "text"), caption: nil, seconds: defaultSeconds, place: place))
            case .object(let object):
                guard case .string(let written)? = object["text"] else {
                    throw ParseError("\(place): \"text\" is missing or not a string")
                }
                let text = bounded(written, "text")
                var caption: String?
                switch object["caption"] {
                case nil, .null?: break
                case .string(let value)?: caption = bounded(value, "caption")
                default: throw ParseError("\(place): \"caption\" must be a string")
                }
                var seconds = defaultSeconds
                switch object["seconds"] {
                case nil, .null?: break
                case .number(let value)?:
                    seconds = SecondsPerMessage.sanitize(value)
                    if seconds != value {
                        notes.append("\(place): \"seconds\" \(value.plainText) is out of range; using \(seconds.plainText) (seconds are \(SecondsPerMessage.minimum.plainText) to \(SecondsPerMessage.maximum.plainText))")
                    }
                default: throw ParseError("\(place): \"seconds\" must be a number")
                }
                let look = try look(of: object, place: place)
                let schedule = try schedule(of: object, place: place)
                let unknown = object.keys.filter { !deckKeys.contains($0) && $0 != "colour" }.sorted()
                if !unknown.isEmpty {
                    let names = unknown.map(quoted).joined(separator: ", ")
                    notes.append("\(place): unknown key\(unknown.count == 1 ? "" : "s") \(names) ignored (an entry has \(deckKeys.map { "\"\($0)\"" }.joined(separator: ", ")))")
                }
                cues.append(try cue(text: text, caption: caption, seconds: seconds, look: look, schedule: schedule, place: place))
            default:
                throw ParseError("\(place): must be a string or an object with \"text\"")
            }
            textBytes += FlowLimits.textBytes(of: cues[cues.count - 1])
            try checkFlowLimits(count: cues.count, bytes: textBytes, name: name)
        }
        guard !cues.isEmpty || !feeds.isEmpty else { throw ParseError("\(name): the deck has no entries") }
        return Result(cues: cues, notes: notes, feeds: feeds)
    }

    /// A deck the sign could not hold is refused whole, as it is read,
    /// so a hostile one never becomes a million cues (docs/limits.md).
    private static func checkFlowLimits(count: Int, bytes: Int, name: String) throws(ParseError) {
        if let refusal = FlowLimits.deckRefusal(count: count, bytes: bytes) { throw ParseError("\(name): \(refusal)") }
    }

    /// A key from the file, as a note quotes it: escaped, since notes reach
    /// stderr, the sign and the log, and short, whatever the file holds.
    static func quoted(_ key: String) -> String {
        let shown = key.count > 32 ? key.prefix(32) + "…" : key
        return "\"" + TerminalText.visible(String(shown)) + "\""
    }

    /// The first `limit` bytes of `bytes`, without half a UTF-8 character
    /// at the cut.
    static func cut(_ bytes: [UInt8], limit: Int = maximumLineBytes) -> [UInt8] {
        let line = bytes.prefix(limit)
        guard line.count < bytes.count else { return Array(line) }
        // The last character's lead byte, at most three continuations back.
        var lead = line.endIndex
        while lead > line.startIndex, line.endIndex - lead < 4 {
            lead -= 1
            if line[lead] & 0xC0 != 0x80 { break }
        }
        guard lead < line.endIndex else { return Array(line) }
        let first = line[lead]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        return Array(lead + length <= line.endIndex ? line : line[..<lead])
    }

    private static func cue(text: String, caption: String?, seconds: Double, look: CueLook = .none, schedule: Schedule? = nil,
                            place: String) throws(ParseError) -> Cue {
        let cue = Cue(text: text, caption: caption, seconds: seconds, look: look, schedule: schedule)
        guard !cue.text.allSatisfy({ $0 == " " }) else { throw ParseError("\(place): \"text\" is empty") }
        return cue
    }
}

extension String {
    func trimmingTrailingWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
