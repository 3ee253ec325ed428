import MarqueeCore

/// `--snapshot`: one frame as plain text, with no terminal. It runs the real
/// player model forward to `--at` seconds (automatic advances included), so
/// what it prints is what the sign would show then.
enum Snapshot {
    static func render(cues: [Cue], settings: PlayerSettings, fonts: FontSelection, columns: Int, rows: Int, at seconds: Double) -> String {
        var settings = settings
        settings.monochrome = true
        var state = PlayerState(cues: cues, settings: settings, seed: 1, at: 0)
        // Play the automatic advances that fall before the requested time.
        while let start = state.waitStartedAt, start + state.currentCue.seconds <= seconds {
            _ = state.advanceAutomatically(at: start + state.currentCue.seconds)
        }
        let layout = TextLayout(text: state.currentCue.text, font: fonts.source(for: state.currentCue.text))
        let scene = state.scene(at: seconds, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        return FrameComposer.compose(scene, layout: layout).text + "\n"
    }
}
