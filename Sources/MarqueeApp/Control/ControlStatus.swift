import MarqueeCore

/// The `status` reply (docs/control.md): what the sign shows and how it
/// plays, read from the state only.
enum ControlStatus {
    /// `uptime`: seconds since the sign started.
    static func reply(_ status: StatusSnapshot, uptime: Double) -> ControlReply {
        var json = JSONObjectWriter()
        json.add("ok", true)
        add(status, to: &json)
        if let remaining = status.interruptRemaining { json.add("interruptRemaining", (remaining * 1000).rounded() / 1000) }
        json.add("uptime", (uptime * 1000).rounded() / 1000)
        return .object(json.finish())
    }

    /// The fields that say what the sign does, without the ones that
    /// change by the second: the fleet's status topic (docs/fleet.md) is
    /// republished only when these change.
    static func add(_ status: StatusSnapshot, to json: inout JSONObjectWriter) {
        // From 0, as the events log's `cue` records count.
        json.add("index", status.cueNumber - 1)
        json.add("count", status.cueCount)
        json.add("text", status.text)
        json.add("interrupt", status.interrupt)
        json.add("paused", status.paused)
        json.add("completed", status.completed)
        json.add("fps", status.framesDrawnPerSecond)
        json.add("thermal", status.thermal)
        json.add("lowPower", status.lowPower)
        json.add("tier", status.tier)
        json.add("speed", status.speed)
        json.add("color", status.color)
        json.add("style", status.style)
        json.add("brightness", status.brightness)
        json.add("idle", status.idle)
        json.add("quiet", status.quiet)
        json.add("scene", status.scene)
        json.add("display", status.display)
        if let link = status.link { json.add("link", link) }
        json.add("sync", status.sync)
        if let end = status.slotEnd { json.add("slotEnd", (end * 1000).rounded() / 1000) }
    }
}
