/// A message or caption split into literal text and live fields: parsed
/// once when the cue is made, filled in by the host whenever a field may
/// have changed (docs/live-fields.md).
///
/// `{{` is a literal `{`. Anything that is not a known field — an unknown
/// name, a missing `}`, a bad argument — stays as typed, so a message with
/// braces in it still reads as written.
///
/// ```swift
/// let template = FieldTemplate(parsing: "NOW {time:%H:%M:%S}")
/// template.fields                    // [.time(format: "%H:%M:%S")]
/// template.render { _ in "12:00:00" } // "NOW 12:00:00"
/// ```
public struct FieldTemplate: Sendable, Hashable {
    /// A piece of the text.
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case field(LiveField)
    }

    public let segments: [Segment]
    /// The distinct fields, in order of first use.
    public let fields: [LiveField]

    /// Fields one text may hold; further ones stay as typed, so a hostile
    /// message cannot make each refresh arbitrarily expensive.
    public static let maximumFields = 32
    /// Bytes between the braces of one field: a strftime format or a path.
    public static let maximumFieldBytes = 512

    public init(parsing text: String) {
        var segments: [Segment] = []
        var fields: [LiveField] = []
        var literal = String.UnicodeScalarView()
        var fieldCount = 0
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "{" else {
                literal.append(scalar)
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "{" {
                literal.append("{")
                index += 2
                continue
            }
            if fieldCount < FieldTemplate.maximumFields,
               let (field, end) = FieldTemplate.field(in: scalars, openingAt: index) {
                if !literal.isEmpty { segments.append(.literal(String(literal))) }
                literal = String.UnicodeScalarView()
                segments.append(.field(field))
                if !fields.contains(field) { fields.append(field) }
                fieldCount += 1
                index = end
                continue
            }
            literal.append(scalar)
            index += 1
        }
        if !literal.isEmpty { segments.append(.literal(String(literal))) }
        self.segments = segments
        self.fields = fields
    }

    /// Whether anything is filled in: without fields the text is fixed.
    public var isLive: Bool { !fields.isEmpty }

    /// How often the text must be filled in again: the most frequent of
    /// its fields' needs (nil when there are none).
    public var refresh: LiveField.Refresh? { fields.map(\.refresh).min() }

    /// The text with each field replaced by `value(field)`.
    public func render(_ value: (LiveField) -> String) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal
            case .field(let field): text += value(field)
            }
        }
        return text
    }

    /// The field whose `{` is at `start`, and the index after its `}`; nil
    /// when the braces do not hold a known field.
    private static func field(in scalars: [Unicode.Scalar], openingAt start: Int) -> (LiveField, Int)? {
        var body = String.UnicodeScalarView()
        var index = start + 1
        while index < scalars.count, scalars[index] != "}" {
            // A brace inside would make `{a{b}` ambiguous: not a field.
            guard scalars[index] != "{", body.count < maximumFieldBytes else { return nil }
            body.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, let field = LiveField(body: String(body)) else { return nil }
        return (field, index + 1)
    }
}

extension LiveField {
    /// The field written between braces, `name` or `name:argument`.
    init?(body: String) {
        let name: Substring, argument: Substring?
        if let colon = body.firstIndex(of: ":") {
            (name, argument) = (body[..<colon], body[body.index(after: colon)...])
        } else {
            (name, argument) = (Substring(body), nil)
        }
        switch (name, argument) {
        case ("time", nil): self = .time(format: LiveField.defaultTimeFormat)
        case ("time", let format?) where !format.isEmpty: self = .time(format: String(format))
        case ("date", nil): self = .date(format: LiveField.defaultDateFormat)
        case ("date", let format?) where !format.isEmpty: self = .date(format: String(format))
        case ("countdown", let moment?):
            guard let target = LocalMoment(parsing: String(moment)) else { return nil }
            self = .countdown(to: target)
        case ("battery", nil): self = .battery
        case ("temp", nil): self = .temperature
        case ("file", let path?) where !path.isEmpty: self = .file(path: String(path))
        default: return nil
        }
    }

    /// The field as it is written in a message, e.g. `{time:%H:%M:%S}`:
    /// how an error names it.
    public var source: String {
        switch self {
        case .time(let format): format == LiveField.defaultTimeFormat ? "{time}" : "{time:\(format)}"
        case .date(let format): format == LiveField.defaultDateFormat ? "{date}" : "{date:\(format)}"
        case .countdown(let moment): "{countdown:\(moment.text)}"
        case .battery: "{battery}"
        case .temperature: "{temp}"
        case .file(let path): "{file:\(path)}"
        }
    }
}
