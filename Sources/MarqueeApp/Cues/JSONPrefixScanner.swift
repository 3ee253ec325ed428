/// Tells, one byte at a time, whether what has arrived of a stream can still
/// be the start of one JSON value, has just become one whole value, or can
/// no longer be JSON at all — without waiting for the stream to end.
///
/// `--format auto` reads standard input with it (`CueStream`): a deck piped
/// in stays a deck, while a log whose lines begin with `[` (`[12:00:01]
/// checkout ok`, `[INFO] …`) is known for text at its second or third byte,
/// instead of being held as a deck until an end of input that `tail -f`
/// never sends. It checks the grammar only (RFC 8259: structure, strings
/// and their escapes, numbers, literals; and, as `JSONDecoder` does, a
/// comma before a closing bracket); the value itself is decoded by
/// `JSONValue` once complete. Constant memory but for a stack of at most
/// ``maximumDepth`` open containers; deeper is not a deck.
///
/// ```swift
/// var scanner = JSONPrefixScanner()
/// scanner.feed(UInt8(ascii: "["))   // .partial
/// scanner.feed(UInt8(ascii: "I"))   // .invalid: "[I" starts no JSON value
/// ```
struct JSONPrefixScanner {
    /// What the bytes so far are.
    enum Verdict: Equatable {
        /// The start of a JSON value, perhaps (blanks only included).
        case partial
        /// One whole value: its last byte was the one just fed. Bytes fed
        /// after it are not looked at.
        case complete
        /// No JSON value starts this way.
        case invalid
    }

    /// Open arrays and objects allowed: a deck nests three deep.
    static let maximumDepth = 64

    private(set) var verdict = Verdict.partial
    /// Open containers, innermost last: `[` or `{`.
    private var open: [UInt8] = []
    private var expecting = Expecting.value
    private var token = Token.none

    /// What may come next between tokens.
    private enum Expecting {
        /// A value (the start, or after `:`).
        case value
        /// A value or `]` (after `[` or a `,` in an array).
        case valueOrEnd
        /// A key or `}` (after `{` or a `,` in an object).
        case keyOrEnd
        case colon
        /// `,` or the innermost container's end.
        case commaOrEnd
    }

    /// The token being read, if any.
    private enum Token {
        case none
        /// A string; `key` when it is an object's key. `escape`: after a
        /// backslash; `hex`: hex digits of a `\u` escape still to come.
        case string(key: Bool, escape: Bool, hex: Int)
        case number(NumberPart)
        /// `true`, `false` or `null`: the rest still to come.
        case literal(ArraySlice<UInt8>)
    }

    /// Where a number is (RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
    private enum NumberPart {
        case minus, zero, integer, point, fraction, exponentMark, exponentSign, exponent

        /// Whether the number may end here.
        var canEnd: Bool {
            switch self {
            case .zero, .integer, .fraction, .exponent: true
            case .minus, .point, .exponentMark, .exponentSign: false
            }
        }

        /// The part after `byte`, nil when `byte` cannot come here (it may
        /// still end the number).
        func next(_ byte: UInt8) -> NumberPart? {
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            switch self {
            case .minus: return byte == UInt8(ascii: "0") ? .zero : digit ? .integer : nil
            case .zero, .integer:
                if self == .integer, digit { return .integer }
                if byte == UInt8(ascii: ".") { return .point }
                return byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") ? .exponentMark : nil
            case .point, .fraction:
                if digit { return .fraction }
                return self == .fraction && (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) ? .exponentMark : nil
            case .exponentMark:
                if digit { return .exponent }
                return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") ? .exponentSign : nil
            case .exponentSign, .exponent: return digit ? .exponent : nil
            }
        }
    }

    private static let escapes = Array("\"\\/bfnrtu".utf8)

    private static let literals: [UInt8: ArraySlice<UInt8>] = [
        UInt8(ascii: "t"): Array("rue".utf8)[...], UInt8(ascii: "f"): Array("alse".utf8)[...],
        UInt8(ascii: "n"): Array("ull".utf8)[...],
    ]

    /// Reads one more byte; the verdict after it.
    @discardableResult
    mutating func feed(_ byte: UInt8) -> Verdict {
        guard verdict == .partial else { return verdict }
        switch token {
        case let .string(key, escape, hex):
            string(byte, key: key, escape: escape, hex: hex)
            return verdict
        case .number(let part):
            if let next = part.next(byte) {
                token = .number(next)
                return verdict
            }
            guard part.canEnd else { return fail() }
            token = .none
            valueEnded()
            // The byte after a number is the next token's: read on.
            guard verdict == .partial else { return verdict }
        case .literal(let rest):
            guard byte == rest.first else { return fail() }
            token = rest.count == 1 ? .none : .literal(rest.dropFirst())
            if rest.count == 1 { valueEnded() }
            return verdict
        case .none:
            break
        }
        between(byte)
        return verdict
    }

    /// A byte outside any token.
    private mutating func between(_ byte: UInt8) {
        // JSON's whitespace is exactly the bytes that do not decide `auto`.
        if CueInputFormat.isBlank(byte) { return }
        switch expecting {
        case .value, .valueOrEnd:
            if expecting == .valueOrEnd, byte == UInt8(ascii: "]") { return close(UInt8(ascii: "[")) }
            value(byte)
        case .keyOrEnd:
            if byte == UInt8(ascii: "}") { return close(UInt8(ascii: "{")) }
            guard byte == UInt8(ascii: "\"") else { return _ = fail() }
            token = .string(key: true, escape: false, hex: 0)
        case .colon:
            guard byte == UInt8(ascii: ":") else { return _ = fail() }
            expecting = .value
        case .commaOrEnd:
            switch byte {
            // A comma before the end is what JSONDecoder takes too.
            case UInt8(ascii: ","): expecting = open.last == UInt8(ascii: "[") ? .valueOrEnd : .keyOrEnd
            case UInt8(ascii: "]"): close(UInt8(ascii: "["))
            case UInt8(ascii: "}"): close(UInt8(ascii: "{"))
            default: _ = fail()
            }
        }
    }

    /// The first byte of a value.
    private mutating func value(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard open.count < Self.maximumDepth else { return _ = fail() }
            open.append(byte)
            expecting = byte == UInt8(ascii: "[") ? .valueOrEnd : .keyOrEnd
        case UInt8(ascii: "\""):
            token = .string(key: false, escape: false, hex: 0)
        case UInt8(ascii: "-"):
            token = .number(.minus)
        case UInt8(ascii: "0"):
            token = .number(.zero)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            token = .number(.integer)
        default:
            guard let rest = Self.literals[byte] else { return _ = fail() }
            token = .literal(rest)
        }
    }

    private mutating func string(_ byte: UInt8, key: Bool, escape: Bool, hex: Int) {
        if hex > 0 {
            let isHex = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard isHex else { return _ = fail() }
            token = .string(key: key, escape: false, hex: hex - 1)
        } else if escape {
            guard Self.escapes.contains(byte) else { return _ = fail() }
            token = .string(key: key, escape: false, hex: byte == UInt8(ascii: "u") ? 4 : 0)
        } else if byte == UInt8(ascii: "\\") {
            token = .string(key: key, escape: true, hex: 0)
        } else if byte == UInt8(ascii: "\"") {
            token = .none
            if key { expecting = .colon } else { valueEnded() }
        } else if byte < 0x20 {
            // A raw control character (a line end included) is no JSON string.
            _ = fail()
        }
    }

    /// Ends the innermost container, which must be `kind`.
    private mutating func close(_ kind: UInt8) {
        guard open.last == kind else { return _ = fail() }
        open.removeLast()
        valueEnded()
    }

    private mutating func valueEnded() {
        if open.isEmpty {
            verdict = .complete
        } else {
            expecting = .commaOrEnd
        }
    }

    private mutating func fail() -> Verdict {
        verdict = .invalid
        open = []
        return verdict
    }
}
