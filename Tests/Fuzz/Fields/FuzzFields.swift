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
/// to it; a countdown's text is always `[Nd ]HH:MM:SS`. Inline markup
/// (docs/display.md, "Inline markup"): the tags kept are balanced, every
/// marker in a cue's text (made or filled) is one of its tags' (none comes
/// from the text or a field's value), and a layout of the marked text
/// reads a style for every column.
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

    checkBalance(template, text: text)
    let tags = checkMarkup(text)

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
    require(markers(in: shown.text) <= tags, "a filled text's markers are its own tags'", text)
    require(!MarkupText.hasMarkers(shown.caption ?? ""), "a caption shows its tags removed", text)
    return 0
}

/// The tags `template` kept pair up: every `{/}` closes an open tag and
/// none is left open.
func checkBalance(_ template: FieldTemplate, text: String) {
    var depth = 0
    for case .tag(let tag, _) in template.segments {
        depth += tag.opens ? 1 : -1
        require(depth >= 0, "a {/} closes an open tag", text)
    }
    require(depth == 0, "every tag kept is closed", text)
}

/// The cue of `text` has a marker per tag of its cleaned text at most
/// (cleaning drops controls, so `{b\0link}` is a tag: as for fields), and a
/// layout of it reads a style for every column. Returns the tags.
func checkMarkup(_ text: String) -> Int {
    let cue = Cue(text: text)
    let template = FieldTemplate(parsing: TerminalText.sanitize(text))
    let tags = template.segments.filter { if case .tag = $0 { true } else { false } }.count
    require(markers(in: cue.text) <= tags, "markers come only from tags", text)
    require(!MarkupText.plain(cue.text).unicodeScalars.contains { $0.value == 0xFDD0 }, "markers come in whole", text)
    guard tags > 0, cue.fields == nil else { return tags }
    let layout = TextLayout(text: cue.text, font: LEDFont.builtIn)
    for x in stride(from: -1, through: layout.width, by: max(1, layout.width / 64)) {
        _ = layout.marked(at: x, blinkedOff: true)
    }
    return tags
}

/// How many markup markers `text` holds.
func markers(in text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ($1.value == 0xFDD0 ? 1 : 0) }
}

func checkCountdown(_ text: String) {
    let clock = text.split(separator: " ").last.map(String.init) ?? ""
    let parts = clock.split(separator: ":")
    require(parts.count == 3 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isNumber) }, "a countdown is HH:MM:SS", text)
}
