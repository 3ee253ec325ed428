import MarqueeCore

/// How long an animation runs when `--duration` is not given: one round
/// of what the sign plays (docs/export.md, "Timeline"), found by playing
/// the sign's own engine, not by working out its timeline again.
///
/// - a single scrolling message: one period of its scroll, from entering
///   at the right edge until it stands there again, so the GIF loops
///   without a jump;
/// - a single message at rest, or any sign whose motion is stopped (the
///   policy: reduce-motion, low power, a hot machine): its seconds;
/// - a deck: until every message has been shown once and the first comes
///   back (with `--once`, until the deck completes: its last message has
///   had its time).
enum ExportLength {
    @MainActor
    static func oneRound(of sign: VirtualSign, fps: Int) throws(Platform.Failure) -> Double {
        let state = sign.engine.state
        guard state.motion.animationAllowed else { return state.shownCue.seconds }
        guard state.isFlow else {
            guard let period = sign.scrollPeriod(), period > 0, state.clock.speed > 0 else { return state.shownCue.seconds }
            return Double(period) / state.ledsPerCharacter / state.clock.speed
        }
        // Frame by frame, as the animation will sample it: the round ends
        // at the first frame that shows the first message again.
        var moves = 0
        var position = (state.orderPosition, state.cueIndex)
        let frames = Int(ExportTimeline.maximumDuration) * fps
        for frame in 1...frames {
            let t = Double(frame) / Double(fps)
            sign.run(until: t)
            let now = sign.engine.state
            // `--once`: the flow completes once its last message has had its time.
            if now.completed { return t }
            if (now.orderPosition, now.cueIndex) != position {
                position = (now.orderPosition, now.cueIndex)
                moves += 1
                if moves >= now.cues.count { return t }
            }
        }
        throw Platform.Failure(message: "one cycle of the deck is longer than \(OptionTable.format(ExportTimeline.maximumDuration)) s: "
            + "give --duration", status: 1)
    }
}
