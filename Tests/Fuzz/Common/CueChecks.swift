import MarqueeApp
import MarqueeCore

// The cue file invariants, shared by the text and the JSON deck harnesses.

/// Default seconds the parse is given, picked by the input's length so seed
/// files stay real cue files: the sane default, the clamps' edges and the
/// values `SecondsPerMessage.sanitize` must mend.
let defaultSecondsChoices: [Double] = [5, 2, 20, 0, -3, 1e9, .nan, .infinity, -.infinity, 7.5]

func checkCueFile(_ bytes: [UInt8], name: String, isDeck: Bool) {
    let seconds = defaultSecondsChoices[bytes.count % defaultSecondsChoices.count]
    let result: CueFileParser.Result
    do {
        result = try CueFileParser.parse(bytes, name: name, isDeck: isDeck, defaultSeconds: seconds)
    } catch {
        // The file name is ours and the messages quote nothing from the
        // file, so an error is clean before visible() even runs.
        require(error.message.hasPrefix(name + ":"), "cue error names the file first", error.message)
        require(!hasTerminalControl(error.message), "cue error holds a control character", error.message)
        requireSafeMessage(error.message, "cue error")
        return
    }
    require(!result.cues.isEmpty, "a parsed cue file has at least one cue")
    // What a sign can hold (docs/limits.md): more is refused, never played.
    require(result.cues.count <= FlowLimits.maximumCues, "at most 1,000 cues", "\(result.cues.count)")
    require(FlowLimits.textBytes(of: result.cues) <= FlowLimits.maximumTextBytes, "at most 4 MiB of text")
    if let epoch = result.epoch {
        // What --sync reckons from: years 1970 to 9999, never NaN or huge.
        require(isDeck, "only a deck has an epoch")
        require(epoch.isFinite && epoch >= 0 && epoch <= CueFileParser.latestEpoch, "a deck's epoch is in range", "\(epoch)")
    }
    if let zones = result.zones {
        require(isDeck, "only a deck has zones")
        checkZones(zones)
    }
    if !isDeck {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        require(result.cues.count <= lines, "no more cues than lines", "\(result.cues.count) > \(lines)")
    }
    for note in result.notes {
        require(!hasTerminalControl(note), "cue note holds a control character", note)
    }
    for cue in result.cues {
        require((SecondsPerMessage.minimum...SecondsPerMessage.maximum).contains(cue.seconds),
                "cue seconds within 2...20", "\(cue.seconds)")
        require(!hasTerminalControl(cue.text), "cue text holds a control character", cue.text)
        // Inline markup's markers (docs/display.md, "Inline markup") are
        // the text's own: the text as shown is without them.
        // (A text of tags alone is not blank: markup never refuses a deck.)
        let shown = MarkupText.plain(cue.text)
        require(!cue.text.isEmpty && !cue.text.allSatisfy({ $0 == " " }), "cue text is not blank", cue.text)
        require(TerminalText.sanitize(cue.text, keepsMarkup: true) == cue.text, "cue text is already sanitised", cue.text)
        require(!shown.unicodeScalars.contains { $0.value == 0xFDD0 }, "markers come in whole", cue.text)
        if !isDeck {
            // Lines are cut to the limit, and sanitising never lengthens text.
            require(shown.utf8.count <= CueFileParser.maximumLineBytes, "a text cue is cut to its line limit",
                    "\(shown.utf8.count) bytes")
        }
        if let caption = cue.caption {
            require(!caption.isEmpty, "a caption is nil rather than empty")
            require(!hasTerminalControl(caption), "caption holds a control character", caption)
        }
        checkLook(cue.look)
        // What the tiny-pane fallback and the caption row print.
        require(!cue.displayText.text.unicodeScalars.contains(where: isC0orC1), "display text holds a C0/C1 control")
    }
}

/// A deck's zones hold within the flag's caps (docs/zones.md, "Caps").
func checkZones(_ zones: [SignZone]) {
    require(zones.count <= SignZone.maximumZones, "at most one zone an edge", "\(zones.count)")
    require(Set(zones.map(\.edge.rawValue)).count == zones.count, "each edge once")
    for zone in zones {
        require((1...SignZone.maximumTexts).contains(zone.texts.count), "1 to 16 texts a zone", "\(zone.texts.count)")
        require(zone.texts.allSatisfy { $0.unicodeScalars.count <= SignZone.maximumTextLength }, "a zone's text within 256 characters")
        require(SignZone.secondsRange.contains(zone.seconds), "a zone's seconds in range", "\(zone.seconds)")
        require(zone.width.map { (1...SignZone.maximumWidth).contains($0) && zone.edge.isSide } ?? true, "a width only at a side, in range")
    }
}

/// A message's own look holds only values the sign can take as they are.
func checkLook(_ look: CueLook) {
    if let speed = look.speed {
        require(speed.isFinite && abs(speed) <= PlayerSettings.maximumSpeed, "a look's speed is within --speed's bound", "\(speed)")
    }
}
