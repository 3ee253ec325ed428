/// A message or caption split into literal text and live fields: parsed
/// once when the cue is made, filled in by the host whenever a field may
/// have changed (docs/live-fields.md).
///
/// `{{` is a literal `{`. Anything that is not a known field — an unknown
/// name, a missing `}`, a bad argument — stays as typed, so a message with
/// braces in it still reads as written. Inline markup tags (`{red}`,
/// `{blink}`, `{/}`, ``MarkupTag``) are segments of their own, read in the
/// same pass, so a `{{` read as `{` never opens one and a field's value
/// never holds one; a tag left open or a `{/}` with nothing to close stays
/// as typed (`FieldTemplate+Markup.swift`).
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
        /// An inline markup tag, always one of a balanced pair, and its
        /// body as typed (a lone tag shows as typed).
        case tag(MarkupTag, written: String)
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
            // The braces' body is read once and taken as a field, else a
            // tag: the two sets share no name.
            if let (body, end) = FieldTemplate.body(in: scalars, openingAt: index) {
                let field = fieldCount < FieldTemplate.maximumFields ? LiveField(body: body) : nil
                let tag = field == nil ? MarkupTag(body: body) : nil
                if field != nil || tag != nil {
                    if !literal.isEmpty { segments.append(.literal(String(literal))) }
                    literal = String.UnicodeScalarView()
                }
                if let field {
                    segments.append(.field(field))
                    if !fields.contains(field) { fields.append(field) }
                    fieldCount += 1
                    index = end
                    continue
                }
                if let tag {
                    segments.append(.tag(tag, written: body))
                    index = end
                    continue
                }
            }
            literal.append(scalar)
            index += 1
        }
        if !literal.isEmpty { segments.append(.literal(String(literal))) }
        self.segments = FieldTemplate.balanced(segments)
        self.fields = fields
    }

    /// Whether anything is filled in: without fields the text is fixed.
    public var isLive: Bool { !fields.isEmpty }

    /// How often the text must be filled in again: the most frequent of
    /// its fields' needs (nil when there are none).
    public var refresh: LiveField.Refresh? { fields.map(\.refresh).min() }

    /// The text with each field replaced by `value(field)` and each tag by
    /// the marker of the style it begins (``MarkupText``). A value's own
    /// markers are dropped: what a file holds cannot colour the sign.
    public func render(_ value: (LiveField) -> String) -> String {
        var text = ""
        var styles: [MarkupStyle] = []
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal
            case .field(let field): text += MarkupText.plain(value(field))
            case .tag(let tag, _):
                if tag.opens { styles.append((styles.last ?? .plain).applying(tag)) } else { _ = styles.popLast() }
                text += MarkupText.marker(styles.last ?? .plain)
            }
        }
        return text
    }

    /// What the braces opening at `start` hold, and the index after the
    /// `}`; nil without a `}`, with a `{` inside or a body too long.
    private static func body(in scalars: [Unicode.Scalar], openingAt start: Int) -> (String, Int)? {
        var body = String.UnicodeScalarView()
        var index = start + 1
        while index < scalars.count, scalars[index] != "}" {
            // A brace inside would make `{a{b}` ambiguous: not a field.
            guard scalars[index] != "{", body.count < maximumFieldBytes else { return nil }
            body.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else { return nil }
        return (String(body), index + 1)
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
