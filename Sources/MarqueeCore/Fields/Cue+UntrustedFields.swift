extension FieldTemplate {
    /// The template written out again, with the fields `keep` refuses
    /// turned into plain text: `{file:/etc/hostname}` becomes
    /// `{{file:/etc/hostname}`, which shows as typed. Literal braces are
    /// written `{{`, so nothing becomes a field that was not one.
    public func source(keeping keep: (LiveField) -> Bool) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal.replacing("{", with: "{{")
            case .field(let field): text += keep(field) ? field.source : "{" + field.source
            case .tag(_, let written): text += "{" + written + "}"
            }
        }
        return text
    }
}

extension Cue {
    /// This cue with its `{file:…}` fields shown as typed: for text from
    /// a sender who may not read the sign's files, such as any client of a
    /// fleet's broker (docs/fleet.md). Other fields still work.
    public var withoutFileFields: Cue {
        func isFile(_ field: LiveField) -> Bool { if case .file = field { true } else { false } }
        guard let fields, fields.all.contains(where: isFile) else { return self }
        let text = fields.text.map { $0.source(keeping: { !isFile($0) }) } ?? MarkupText.source(self.text)
        let caption = fields.caption.map { $0.source(keeping: { !isFile($0) }) } ?? self.caption?.replacing("{", with: "{{")
        return Cue(text: text, caption: caption, seconds: seconds, look: look, schedule: schedule)
    }
}
