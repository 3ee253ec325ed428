@testable import MarqueeApp
import MarqueeCore

/// Live-field templates (`FieldTemplate`), countdown moments
/// (`LocalMoment`) and the filling of a cue with hostile values
/// (`FieldReader`, with the real strftime).
///
/// Input: an 8-byte header, then the message text (UTF-8, lossy).
///   0...3 the wall clock (seconds since the epoch, any 32-bit value)
///   4 bit 0: the file field reads fail, else the text is its line too
///   5...7 ignored
/// Invariants: at most `FieldTemplate.maximumFields` fields; each field's
/// source parses back to that field; a text without `{` is one literal
/// equal to it; filling never lengthens the literal text; a filled cue is
/// clean and has no fields of its own; a parsed moment's text parses back
/// to it; a countdown's text is always `[Nd ]HH:MM:SS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count >= 8 else { return 0 }
    let wall = Double(bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    let failFiles = bytes[4] & 1 == 1
    let text = String(decoding: bytes[8...], as: UTF8.self)

    let template = FieldTemplate(parsing: text)
    require(template.segments.filter { if case .field = $0 { true } else { false } }.count <= FieldTemplate.maximumFields,
            "fields are bounded", text)
    for field in template.fields {
        require(FieldTemplate(parsing: field.source).fields == [field], "a field's source parses back to it", field.source)
    }
    if !text.contains("{") {
        require(template.segments == (text.isEmpty ? [] : [.literal(text)]), "a text without a brace is one literal", text)
    }
    let literal = template.render { _ in "" }
    require(literal.unicodeScalars.count <= text.unicodeScalars.count, "filling in nothing never lengthens the text", text)

    if let moment = LocalMoment(parsing: text) {
        require(LocalMoment(parsing: moment.text) == moment, "a moment's text parses back to it", text)
    }
    checkCountdown(LocalMoment.countdownText(secondsLeft: wall - 2_000_000_000))

    let cue = Cue(text: text, caption: text)
    var reader = FieldReader()
    reader.wallNow = { wall }
    reader.readLine = { path throws(Platform.ReadError) in
        if failFiles { throw .notRegularFile }
        return text + path
    }
    let (filled, _) = reader.fill(cue, messageID: 1, power: .unknown, now: 0, fileInterval: 2)
    let shown = cue.filled(text: filled.text, caption: filled.caption)
    require(shown.fields == nil, "a filled cue has no fields of its own")
    require(!shown.text.unicodeScalars.contains(where: isTerminalControl), "a filled text is clean", shown.text)
    require(!(shown.caption ?? "").unicodeScalars.contains(where: isTerminalControl), "a filled caption is clean", shown.caption ?? "")
    return 0
}

func checkCountdown(_ text: String) {
    let clock = text.split(separator: " ").last.map(String.init) ?? ""
    let parts = clock.split(separator: ":")
    require(parts.count == 3 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isNumber) }, "a countdown is HH:MM:SS", text)
}
