import MarqueeCore

/// `--snapshot`: one frame as plain text, with no terminal. It runs the real
/// player model forward to `--at` seconds (passes and automatic advances
/// included), so what it prints is what the sign would show then.
enum Snapshot {
    /// `seconds` nil picks a moment that shows the message: the rest layout
    /// when it is static or can be laid out whole, else the moment its first
    /// letter reaches the sign's left edge.
    static func render(cues: [Cue], settings: PlayerSettings, fonts: FontStack, columns: Int, rows: Int, at seconds: Double?) -> String {
        var settings = settings
        settings.monochrome = true
        var layouts = MessageLayouts(fonts: fonts)
        var fields = FieldReader()
        func start(_ settings: PlayerSettings) -> PlayerState {
            var state = PlayerState(cues: cues, settings: settings, seed: 1, at: 0)
            // Schedules and quiet hours as they stand now (docs/schedules.md).
            if state.needsLocalTime, let now = WallClock.localNow() { _ = state.reduce(.localTime(now), at: 0) }
            fill(&state, at: 0, with: &fields)
            _ = state.reduce(.measured(layouts.measure(state, columns: columns, rows: rows)), at: 0)
            return state
        }
        var state = start(settings)
        let at = seconds ?? defaultMoment(state)
        if seconds == nil, !state.isFlow, state.scrollsNow, fitsWhole(state, layouts: &layouts, columns: columns, rows: rows) {
            // A single message that can be shown whole: at rest, as it reads best.
            settings.staticText = true
            state = start(settings)
        }
        play(&state, until: at, layouts: &layouts, fields: &fields, columns: columns, rows: rows)
        return layouts.frame(state, at: at, columns: columns, rows: rows).frame().text + "\n"
    }

    /// Fills in the shown message's live fields as the sign would: with
    /// the time now (a snapshot has no power probe, so `{battery}` and
    /// `{temp}` show their placeholder).
    private static func fill(_ state: inout PlayerState, at t: Double, with fields: inout FieldReader) {
        guard state.currentCue.fields != nil else { return }
        let filled = fields.fill(state.currentCue, messageID: state.messageID, power: state.power, now: t,
                                 fileInterval: state.tier.reloadCheckInterval).filled
        _ = state.reduce(.fieldsFilled(filled), at: t)
    }

    /// Whether the current message has a rest layout with no word cut.
    private static func fitsWhole(_ state: PlayerState, layouts: inout MessageLayouts, columns: Int, rows: Int) -> Bool {
        let text = state.shownCue.text
        let geometry = state.geometry(columns: columns, rows: rows, lineHeight: layouts.line(for: text).inkRows.count)
        return layouts.rest(for: text, geometry: geometry, maximumScale: state.settings.scale).map { !$0.cut } ?? false
    }

    /// When the first letter of a scrolling message reaches the left edge:
    /// at once for a flow message (it enters in view), after crossing the
    /// panel for a single one (it enters from the right edge).
    static func defaultMoment(_ state: PlayerState) -> Double {
        guard state.scrollsNow, !state.isFlow, let measure = state.measure, state.clock.speed > 0 else { return 0 }
        return Double(measure.panelLEDs) / state.clock.speed
    }

    /// The timed inputs the engine would deliver before `t`, in order.
    private static func play(_ state: inout PlayerState, until t: Double, layouts: inout MessageLayouts,
                             fields: inout FieldReader, columns: Int, rows: Int) {
        while true {
            let pass = state.passDeadline
            let advance = state.waitStartedAt.map { $0 + state.waitSeconds }
            if let pass, pass <= t, pass <= advance ?? .infinity {
                _ = state.reduce(.passDue, at: pass)
            } else if let advance, advance <= t, state.advanceConditions.shouldSchedule {
                _ = state.reduce(.advanceDue, at: advance)
                fill(&state, at: advance, with: &fields)
                _ = state.reduce(.measured(layouts.measure(state, columns: columns, rows: rows)), at: advance)
            } else {
                return
            }
        }
    }
}
