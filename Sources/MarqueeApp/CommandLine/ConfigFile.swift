/// The config file's format: long options, one a line, that apply before
/// the command line's (docs/command-line.md).
///
/// ```
/// # ~/.config/ledmarquee/config
/// seconds = 8
/// color amber
/// --style=half
/// once
/// ```
///
/// A line is `NAME VALUE`, `NAME=VALUE` or `NAME = VALUE`, with or
/// without the leading `--`, or a flag's name alone. The value is the rest
/// of the line, trimmed (so `#` inside it is kept: `color #FF8000`); one
/// pair of matching quotes around the whole value is removed, for a value
/// that begins or ends with a space. Blank lines and lines whose first
/// non-blank character is `#` are skipped; CRLF line ends and a UTF-8 BOM
/// are accepted.
enum ConfigFile {
    /// Which file to read: the standard one, a named one, or none.
    enum Choice: Equatable {
        case standard
        case file(String)
        case none
    }

    /// A config file is a few lines; this bounds memory and time.
    static let maximumBytes = 65_536

    /// The options of a config file's bytes, in file order, each with its
    /// `name:LINE`. A line that is not an option the file may give is an
    /// error naming the file and the line.
    static func parse(_ bytes: [UInt8], name: String) throws(UsageError) -> [CommandLineParser.Assignment] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var result: [CommandLineParser.Assignment] = []
        for (offset, raw) in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let place = "\(name):\(offset + 1)"
            guard !raw.contains(0) else { throw UsageError("\(place): contains a NUL byte (not a text file)") }
            guard let text = String(validating: raw, as: UTF8.self) else { throw UsageError("\(place): not valid UTF-8 text") }
            if let assignment = try assignment(in: text, place: place) { result.append(assignment) }
        }
        return result
    }

    /// The option on one line, or nil for a blank or comment line. Read
    /// by scalars: as characters, a combining mark after a blank or `=`
    /// would hide it.
    private static func assignment(in text: String, place: String) throws(UsageError) -> CommandLineParser.Assignment? {
        let line = trimmed(Substring(text).unicodeScalars)
        if line.isEmpty || line.first == "#" { return nil }
        let body = line.starts(with: "--".unicodeScalars) ? line.dropFirst(2) : line
        let nameEnd = body.firstIndex { $0 == "=" || isBlank($0) } ?? body.endIndex
        let name = String(body[..<nameEnd])
        var rest = trimmed(body[nameEnd...])
        var value: String?
        if rest.first == "=" {
            rest = trimmed(rest.dropFirst())
            value = unquoted(rest)
        } else if !rest.isEmpty {
            value = unquoted(rest)
        }
        guard !name.isEmpty else { throw UsageError("\(place): no option name before '='") }
        let shownName = OptionValues.shown(name)
        guard let spec = OptionTable.named(name) else { throw UsageError("\(place): unknown option '\(shownName)'") }
        guard !spec.commandLineOnly else { throw UsageError("\(place): option '\(shownName)' is for the command line only") }
        if spec.takesValue {
            guard value != nil else { throw UsageError("\(place): option '\(shownName)' needs a value") }
        } else {
            guard value == nil else { throw UsageError("\(place): option '\(shownName)' takes no value") }
        }
        return CommandLineParser.Assignment(spec: spec, value: value, place: place)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r"
    }

    private static func trimmed(_ text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        var text = text
        while let first = text.first, isBlank(first) { text = text.dropFirst() }
        while let last = text.last, isBlank(last) { text = text.dropLast() }
        return text
    }

    private static func unquoted(_ text: Substring.UnicodeScalarView) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return String(text)
        }
        return String(text.dropFirst().dropLast())
    }
}
