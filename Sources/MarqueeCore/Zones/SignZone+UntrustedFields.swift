extension SignZone {
    /// This zone with its texts' `{file:…}` fields shown as typed, as
    /// ``Cue/withoutFileFields`` keeps a cue's (`{file:/etc/hostname}` is
    /// written `{{file:/etc/hostname}`): for a deck from a sender who may
    /// not read the sign's files (a fleet's broker, docs/fleet.md). Other
    /// fields (`{time:%H:%M}`) still work; a text without a file field is
    /// kept as written.
    public var withoutFileFields: SignZone {
        func isFile(_ field: LiveField) -> Bool { if case .file = field { true } else { false } }
        let kept = texts.map { text in
            let template = FieldTemplate(parsing: text)
            return template.fields.contains(where: isFile) ? template.source(keeping: { !isFile($0) }) : text
        }
        return kept == texts ? self : SignZone(edge: edge, texts: kept, width: width, seconds: seconds)
    }
}
