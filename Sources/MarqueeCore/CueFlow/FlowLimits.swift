/// How much a sign's cue flow may hold, from every source (docs/limits.md):
/// a cue file or deck (`-f`, a reload, `load`, a fleet's deck), `add` from
/// the control socket or MQTT, and live input (which drops its oldest
/// lines instead). Without a bound, anyone who may publish to a fleet
/// could grow every sign's memory until it died (issue 24).
///
/// ```swift
/// FlowLimits.refusal(adding: newCues, to: state.cues)
/// // "the flow is full: a sign holds at most 1,000 messages (it has 1,000, this adds 1)"
/// ```
public enum FlowLimits {
    /// Messages in the flow: 83 minutes of 5-second messages.
    public static let maximumCues = 1_000
    /// UTF-8 bytes of text and captions in the flow, 4 MiB: 64 messages of
    /// the longest text a message may have (64 KiB), or 1,000 of 4 KiB.
    public static let maximumTextBytes = 4 * 1_048_576

    /// The bytes a cue counts against ``maximumTextBytes``.
    public static func textBytes(of cue: Cue) -> Int {
        cue.text.utf8.count + (cue.caption?.utf8.count ?? 0)
    }

    public static func textBytes(of cues: some Sequence<Cue>) -> Int {
        cues.reduce(0) { $0 + textBytes(of: $1) }
    }

    /// Why `new` cannot join a flow of `cues`; nil when it can.
    public static func refusal(adding new: [Cue], to cues: [Cue]) -> String? {
        if cues.count + new.count > maximumCues {
            return "the flow is full: a sign holds at most \(grouped(maximumCues)) messages (it has \(grouped(cues.count)), this adds \(grouped(new.count)))"
        }
        let held = textBytes(of: cues)
        let added = textBytes(of: new)
        if held + added > maximumTextBytes {
            return "the flow is full: a sign holds at most 4 MiB of text (it has \(grouped(held)) bytes, this adds \(grouped(added)))"
        }
        return nil
    }

    /// Why a deck of `count` messages and `bytes` bytes of text cannot be a
    /// flow; nil when it can. Said after the deck's name.
    public static func deckRefusal(count: Int, bytes: Int) -> String? {
        if count > maximumCues {
            return "more than \(grouped(maximumCues)) messages; a sign holds at most \(grouped(maximumCues))"
        }
        if bytes > maximumTextBytes {
            return "more than 4 MiB of text (\(grouped(bytes)) bytes so far); a sign holds at most 4 MiB"
        }
        return nil
    }

    /// 1234567 as "1,234,567", as people read counts.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
