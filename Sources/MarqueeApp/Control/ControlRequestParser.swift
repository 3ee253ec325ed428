import MarqueeCore

/// Reads one request line (docs/control.md): a JSON object whose `cmd`
/// names a command of ``RemoteCommandTable`` and whose other fields are
/// that command's. Pure, and written for hostile input: anything the socket
/// or a broker may carry — any bytes, any nesting, a field of any type — is
/// a request or one error line, and an error quotes at most a short,
/// escaped piece of what was sent.
enum ControlRequestParser {
    /// The largest request line, newline not counted.
    static let maximumRequestBytes = 65_536
    /// The largest text or caption, as a cue file's line.
    static let maximumTextBytes = CueFileParser.maximumLineBytes
    /// The longest `for`: a day.
    static let maximumForSeconds = 86_400.0
    /// Characters of a sent name or value an error quotes.
    static let quotedCharacters = 32

    /// Why a request was refused: the reply's `error`.
    struct Failure: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// `defaultSeconds`: what a cue added without `seconds` gets (the
    /// sign's `--seconds`); `origin`: a fleet's broker may not have the
    /// sign read its files, nor `watch`.
    static func parse(_ bytes: [UInt8], defaultSeconds: Double = SecondsPerMessage.standard,
                      origin: RequestFields.Origin = .socket) -> Result<ControlRequest, Failure> {
        Result { () throws(Failure) in try request(bytes, defaultSeconds: defaultSeconds, origin: origin) }
    }

    private static func request(_ bytes: [UInt8], defaultSeconds: Double, origin: RequestFields.Origin) throws(Failure) -> ControlRequest {
        guard bytes.count <= maximumRequestBytes else { throw Failure("request larger than 64 KiB") }
        guard let root = JSONValue.parse(bytes) else { throw Failure("request is not valid JSON") }
        guard case .object(let object) = root else { throw Failure("a request must be a JSON object") }
        return try request(object, defaultSeconds: defaultSeconds, origin: origin)
    }

    /// A request whose JSON has been read (a fleet's, once its `id` is
    /// taken out).
    static func request(_ object: [String: JSONValue], defaultSeconds: Double,
                        origin: RequestFields.Origin) throws(Failure) -> ControlRequest {
        guard let cmd = object["cmd"] else { throw Failure("request has no 'cmd'") }
        guard case .string(let command) = cmd else { throw Failure("'cmd' must be a string") }
        guard let spec = RemoteCommandTable.named(command) else { throw Failure("unknown command '\(quoted(command))'") }
        let allowed = spec.fields
        if let unknown = object.keys.filter({ $0 != "cmd" && !allowed.contains($0) }).sorted().first {
            throw Failure("unknown field '\(quoted(unknown))' for '\(command)'")
        }
        let fields = RequestFields(object: object, command: command, origin: origin, defaultSeconds: defaultSeconds)
        return ControlRequest(command, try spec.build(fields))
    }

    /// `text`, cut to ``quotedCharacters`` with an ellipsis, for an error.
    static func quoted(_ text: String) -> String {
        text.count > quotedCharacters ? text.prefix(quotedCharacters) + "…" : text
    }
}
