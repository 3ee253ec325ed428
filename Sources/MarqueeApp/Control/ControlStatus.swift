import MarqueeCore

/// The `status` reply (docs/control.md): what the sign shows and how it
/// plays, read from the state only.
enum ControlStatus {
    /// `uptime`: seconds since the sign started.
    static func reply(_ state: PlayerState, uptime: Double) -> ControlReply {
        var json = ControlJSON()
        json.add("ok", true)
        // From 0, as the events log's `cue` records count.
        json.add("index", state.cueIndex)
        json.add("count", state.cues.count)
        let text = state.currentCue.text
        let limit = EventRecord.excerptCharacters
        if let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex {
            json.add("text", text[..<end] + "…")
        } else {
            json.add("text", text)
        }
        json.add("paused", state.paused)
        json.add("completed", state.completed)
        json.add("fps", state.framesDrawnPerSecond)
        json.add("thermal", state.effectiveThermal.description)
        json.add("lowPower", state.effectiveLowPower)
        json.add("tier", state.tier.rawValue)
        json.add("speed", state.clock.speed * state.clock.direction)
        json.add("uptime", (uptime * 1000).rounded() / 1000)
        return .object(json.finish())
    }
}
