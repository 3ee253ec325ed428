import MarqueeCore

/// `--snapshot`: one frame as plain text, with no terminal. It plays the
/// sign on a virtual clock (`VirtualSign`: the real engine, its timers in
/// deadline order) to `--at` seconds and draws the frame of that moment,
/// so what it prints is what the sign would show then: passes, waits,
/// advances, schedule edges, drift and `--sync` slots included.
enum Snapshot {
    /// `seconds` nil picks a moment that shows the message: the rest layout
    /// when it is static or can be laid out whole, else the moment its first
    /// letter reaches the sign's left edge. `wallStart` is the wall clock
    /// at the moment 0, now unless a test says otherwise: `--at` counts
    /// from it.
    @MainActor
    static func render(cues: [Cue], settings: PlayerSettings, fonts: FontStack, columns: Int, rows: Int, at seconds: Double?,
                       wallStart: Double = WallClock.now()) -> String {
        var settings = settings
        settings.monochrome = true
        let (sign, at) = moment(cues: cues, settings: settings, fonts: fonts, columns: columns, rows: rows, at: seconds,
                                wallStart: wallStart)
        return sign.frame(at: at).text + "\n"
    }

    /// The sign played to the moment a snapshot (or a still export) shows:
    /// `seconds`, or when nil the moment that shows the message (see
    /// `render`), and that moment.
    @MainActor
    static func moment(cues: [Cue], settings: PlayerSettings, fonts: FontStack, columns: Int, rows: Int, at seconds: Double?,
                       wallStart: Double) -> (sign: VirtualSign, at: Double) {
        var settings = settings
        // Nobody is at the keys: the controls line has hidden, and the
        // frame is the sign's alone.
        settings.idleTimeout = 0
        func play(_ settings: PlayerSettings) -> VirtualSign {
            VirtualSign(cues: cues, settings: settings, fonts: fonts, columns: columns, rows: rows, wallStart: wallStart)
        }
        var sign = play(settings)
        let state = sign.engine.state
        let at = seconds ?? defaultMoment(state)
        if seconds == nil, !state.isFlow, state.scrollsNow, fitsWhole(state, fonts: fonts, columns: columns, rows: rows) {
            // A single message that can be shown whole: at rest, as it reads best.
            settings.staticText = true
            sign = play(settings)
        }
        sign.run(until: at)
        return (sign, at)
    }

    /// Whether the current message has a rest layout with no word cut.
    private static func fitsWhole(_ state: PlayerState, fonts: FontStack, columns: Int, rows: Int) -> Bool {
        var layouts = MessageLayouts(fonts: fonts)
        let text = state.shownCue.text
        let layout = layouts.line(for: text)
        let geometry = state.geometry(columns: columns, rows: rows, lineHeight: layout.inkRows.count,
                                      letterWidth: layouts.letterWidth(for: text))
        let pages = layouts.restPages(for: text, geometry: geometry, maximumScale: state.settings.scale)
        return pages.count == 1 && !pages[0].cut
    }

    /// When the first letter of a scrolling message reaches the left edge:
    /// at once for a flow message (it enters in view), after crossing the
    /// panel for a single one (it enters from the right edge); and not
    /// before its enter transition has run (docs/display.md, "Display
    /// modes"): the message, not its coming.
    static func defaultMoment(_ state: PlayerState) -> Double {
        let entered = state.enterSeconds
        guard state.scrollsNow, !state.isFlow, let measure = state.measure, state.clock.speed > 0 else { return entered }
        return max(entered, Double(measure.panelLEDs) / (state.clock.speed * measure.ledsPerCharacter))
    }
}
