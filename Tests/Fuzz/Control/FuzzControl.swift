@testable import MarqueeApp
import MarqueeCore

/// A control-socket request line over any bytes (docs/control.md), and,
/// when the first byte is `\u{1}`, `ledmarquee send`'s arguments (the rest
/// split at NUL): a request is valid and in bounds, an error is one short
/// line that reads back as the same error, and a request `send` writes is
/// one the sign understands.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if bytes.first == 1 {
        checkSend(bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) })
        return 0
    }
    checkRequest(bytes)
    return 0
}

func checkRequest(_ bytes: [UInt8]) {
    let result = ControlRequestParser.parse(bytes, defaultSeconds: 5)
    require(ControlRequestParser.parse(bytes, defaultSeconds: 5) == result, "parsing is deterministic")
    switch result {
    case .failure(let failure):
        checkError(failure.message)
    case .success(let request):
        require(RemoteCommandTable.named(request.command) != nil, "a request's command is one of the table's", request.command)
        switch request.action {
        case .remote(.say(let say), _):
            checkCue(say.cue)
            if let seconds = say.duration { require(seconds > 0 && seconds <= 86_400, "'for' is in (0, 86400]", "\(seconds)") }
        case .remote(.add(let cues), _): cues.forEach(checkCue)
        case .remote(.load(let cues, _, let zones), _):
            require(!cues.isEmpty, "an inline deck has entries")
            if let zones { checkZones(zones) }
        case .loadFile(let path): require(!path.isEmpty && !path.utf8.contains(0), "a load path names a file")
        case .remote(.goto(let index), _): require(index >= 0, "goto counts from 1, given from 0", "\(index)")
        case .snapshot(let pitch): require(LEDRaster.pitches.contains(pitch), "a snapshot's led-pixels are 1 to 64", "\(pitch)")
        default: break
        }
    }
}

func checkCue(_ cue: Cue) {
    // Inline markup's markers are the text's own tags (docs/display.md,
    // "Inline markup"): the bound is on the text as shown.
    require(MarkupText.plain(cue.text).utf8.count <= ControlRequestParser.maximumTextBytes, "a text is at most 64 KiB")
    require(!TerminalText.sanitize(cue.text).trimmingCharacters(in: " ").isEmpty, "a text is not empty", cue.text)
    require(cue.seconds >= SecondsPerMessage.minimum && cue.seconds <= SecondsPerMessage.maximum, "seconds are in range", "\(cue.seconds)")
    checkLook(cue.look)
}

/// An error reply is one line, bounded, with nothing a terminal acts on,
/// and reads back as the same message.
func checkError(_ message: String) {
    require(message.count < 300, "an error quotes a bounded part of the request", "\(message.count)")
    let line = ControlReply.error(message).line
    require(line.utf8.filter { $0 == UInt8(ascii: "\n") }.count == 1 && line.hasSuffix("\n"), "a reply is one line", line)
    require(!line.unicodeScalars.dropLast().contains(where: isEscapedByVisible), "a reply shows nothing a terminal acts on", line)
    guard case .object(let object)? = JSONValue.parse(Array(line.utf8)), object["ok"] == .bool(false),
          object["error"] == .string(message) else {
        broken("an error reply reads back as the same error", line)
    }
}

func checkSend(_ arguments: [String]) {
    // `send --mqtt … deck FILE` publishes the file itself, and `send ls`
    // lists the signs: neither writes a request.
    guard let parsed = try? SendArguments.parse(arguments, cwd: "/fuzz"), !parsed.request.isEmpty else { return }
    let line = Array(parsed.request.utf8)
    require(!line.contains(UInt8(ascii: "\n")), "send writes one line", parsed.request)
    switch ControlRequestParser.parse(line) {
    case .success(let request):
        require(request.command == parsed.command, "the sign reads the command send wrote", parsed.request)
    case .failure(let failure):
        // Only a value the sign checks (an empty text, a colour, …) may be refused, never the form.
        for form in ["not valid JSON", "must be a JSON object", "unknown field", "unknown command", "has no 'cmd'", "larger than 64 KiB"] {
            require(!failure.message.contains(form) || parsed.request.utf8.count > ControlRequestParser.maximumRequestBytes,
                    "send writes a request of the right form", failure.message)
        }
    }
}
