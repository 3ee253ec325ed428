/// One line of the `--events` log (docs/events-log.md): how scripts and tests observe the
/// player. Field names are a public contract; keep them stable.
///
/// ```swift
/// EventRecord.key(name: "space").jsonLine(at: 1.5)
/// // {"t":1.500,"event":"key","name":"space"}
/// ```
public enum EventRecord: Sendable, Equatable {
    case start(version: String, columns: Int, rows: Int)
    case cue(index: Int, count: Int, text: String, automatic: Bool)
    /// `scene` is the one the policy reads (`inactive` while the display is
    /// off); `display` is `on`, `off` or `unknown`.
    case policy(fps: Int, animation: Bool, effects: Bool, tier: String, thermal: String, lowPower: Bool, reduceMotion: Bool, scene: String,
                display: String)
    /// `lowPower` nil: the probe has no power data (written as JSON `null`).
    case power(thermal: String, lowPower: Bool?, source: String, display: String)
    case pause(paused: Bool, reason: String)
    case completed
    case key(name: String)
    case resize(columns: Int, rows: Int)
    case reload(count: Int)
    case error(message: String)
    case quit
    /// A `say` interrupt appeared; `seconds` is how long it lasts (`for`).
    case interrupt(text: String, seconds: Double)
    /// The interrupt ended: `time`, `clear`, `replaced`, `navigation` or `load`.
    case interruptEnded(reason: String)
    /// A remote `add` appended `added` messages; the flow now has `count`.
    case add(added: Int, count: Int)
    /// A remote `load` replaced the flow with `count` messages.
    case load(count: Int)
    /// Which sources of power news opened at start (docs/power-probe.md):
    /// `uevents` `kernel`, `test` or `none`; `profiles` `system bus` or
    /// `none`; `note` why one is missing (nil when none is).
    case powerSources(uevents: String, profiles: String, note: String?)
    /// The flow went idle (no message in its schedule), `showing` the idle
    /// `message` or `dark`; `flow` when a message is in window again.
    case idle(showing: String)
    /// Quiet hours began (`on`, in `mode`, `dim=20` or `off`) or ended.
    case quiet(on: Bool, mode: String)
    /// A fleet sign's broker took it (`up`) or was lost (docs/fleet.md).
    case link(up: Bool)
    /// `--sync`: the slots are reckoned from `epoch` (Unix seconds) on a
    /// wall clock that read `offset` at the record's `t` 0, so a record's
    /// wall time is its `t` plus `offset`; written at start and whenever
    /// either changes.
    case sync(epoch: Double, offset: Double)
    /// `--sync`: a message's scroll on this sign takes longer than its
    /// slot (docs/cue-flow.md, "A slot and its scroll"): the figures.
    case slotShort(index: Int, pass: Double, slot: Double, characters: Double, speed: Double)
    /// `count` more `record` records than `RecordRateLimiter` lets through
    /// came in the `seconds` after the first of them, and were not written
    /// (docs/events-log.md, "Repeated records").
    case suppressed(record: String, count: Int, seconds: Double)
    /// `--format auto` chose how to read `source`: `deck` or `lines`, and
    /// why (docs/cue-flow.md, "Live input").
    case format(source: String, format: String, reason: String)

    /// The event's name, the `event` field.
    public var name: String {
        switch self {
        case .start: "start"
        case .cue: "cue"
        case .policy: "policy"
        case .power: "power"
        case .pause: "pause"
        case .completed: "completed"
        case .key: "key"
        case .resize: "resize"
        case .reload: "reload"
        case .error: "error"
        case .quit: "quit"
        case .interrupt: "interrupt"
        case .interruptEnded: "interruptEnded"
        case .add: "add"
        case .load: "load"
        case .powerSources: "powerSources"
        case .idle: "idle"
        case .quiet: "quiet"
        case .link: "link"
        case .sync: "sync"
        case .slotShort: "slotShort"
        case .suppressed: "suppressed"
        case .format: "format"
        }
    }

    /// Characters of a message a `cue` record carries: enough to tell
    /// messages apart, while a record stays small whatever the message.
    public static let excerptCharacters = 256

    /// The first ``excerptCharacters`` of `message`, with an ellipsis when cut.
    static func excerpt(_ message: String) -> (text: String, cut: Bool) {
        // A record quotes the message as text: inline markup removed.
        let text = MarkupText.plain(message)
        guard let end = text.index(text.startIndex, offsetBy: excerptCharacters, limitedBy: text.endIndex),
              end < text.endIndex else { return (text, false) }
        return (text[..<end] + "…", true)
    }

    /// The record as one line of JSON (no newline), `t` in seconds since
    /// start with three decimals, and with `utc` (Unix seconds) the wall
    /// clock as ISO 8601 UTC.
    public func jsonLine(at seconds: Double, utc: Double? = nil) -> String {
        var json = JSONObjectWriter()
        json.add("t", raw: formatSeconds(seconds))
        // The wall clock beside the run's own: `t` stays monotonic (steps of
        // the wall clock never reorder records), `utc` says when.
        if let utc { json.add("utc", UTCTimestamp.format(unixSeconds: utc)) }
        json.add("event", name)
        switch self {
        case let .start(version, columns, rows):
            json.add("version", version); json.add("cols", columns); json.add("rows", rows)
        case let .cue(index, count, text, automatic):
            json.add("index", index); json.add("count", count)
            addText(text, to: &json)
            json.add("automatic", automatic)
        case let .interrupt(text, seconds):
            addText(text, to: &json)
            json.add("for", raw: formatSeconds(seconds))
        case let .interruptEnded(reason):
            json.add("reason", reason)
        case let .add(added, count):
            json.add("added", added); json.add("count", count)
        case let .load(count):
            json.add("count", count)
        case let .powerSources(uevents, profiles, note):
            json.add("uevents", uevents); json.add("profiles", profiles); json.add("note", note)
        case let .policy(fps, animation, effects, tier, thermal, lowPower, reduceMotion, scene, display):
            json.add("fps", fps); json.add("animation", animation); json.add("effects", effects)
            json.add("tier", tier); json.add("thermal", thermal); json.add("lowPower", lowPower)
            json.add("reduceMotion", reduceMotion); json.add("scene", scene); json.add("display", display)
        case let .idle(showing):
            json.add("showing", showing)
        case let .sync(epoch, offset):
            json.add("epoch", raw: formatWallSeconds(epoch)); json.add("offset", raw: formatWallSeconds(offset))
        case let .slotShort(index, pass, slot, characters, speed):
            json.add("index", index); json.add("pass", raw: formatSeconds(pass)); json.add("slot", raw: formatSeconds(slot))
            json.add("characters", raw: formatSeconds(characters)); json.add("speed", raw: formatSeconds(speed))
        case let .quiet(on, mode):
            json.add("on", on)
            if on { json.add("mode", mode) }
        case let .link(up):
            json.add("up", up)
        case let .format(source, format, reason):
            json.add("source", source); json.add("format", format); json.add("reason", reason)
        case let .power(thermal, lowPower, source, display):
            json.add("thermal", thermal); json.add("lowPower", lowPower); json.add("source", source)
            json.add("display", display)
        case let .pause(paused, reason):
            json.add("paused", paused); json.add("reason", reason)
        case let .key(name):
            json.add("name", name)
        case let .resize(columns, rows):
            json.add("cols", columns); json.add("rows", rows)
        case let .reload(count):
            json.add("count", count)
        case let .error(message):
            json.add("message", message)
        case let .suppressed(record, count, seconds):
            json.add("record", record); json.add("count", count); json.add("seconds", raw: formatSeconds(seconds))
        case .completed, .quit:
            break
        }
        return json.finish()
    }

    /// A message's text as `cue` and `interrupt` write it: an excerpt, and
    /// the whole length when it was cut.
    private func addText(_ text: String, to json: inout JSONObjectWriter) {
        let excerpt = EventRecord.excerpt(text)
        json.add("text", excerpt.text)
        if excerpt.cut { json.add("textBytes", text.utf8.count) }
    }

    /// Wall-clock seconds (maybe before 1970) with three decimals.
    private func formatWallSeconds(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "0.000" }
        return (seconds < 0 ? "-" : "") + formatSeconds(abs(seconds))
    }

    private func formatSeconds(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "0.000" }
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
