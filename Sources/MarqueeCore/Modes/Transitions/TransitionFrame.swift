/// The one switch from a transition's name to its file: each transition
/// draws its frame from the message's canvas at a progress from 0 to 1
/// (``ModeCanvas``). Entering, progress 1 is the message at rest, whole;
/// leaving, progress 0 is, and 1 is the sign unlit.
enum TransitionFrame {
    static func frame(_ transition: Transition, source: ModeCanvas, progress: Double, entering: Bool, seed: UInt64) -> ModeCanvas {
        // Entering at its end, or leaving at its start: the message itself.
        if entering ? progress >= 1 : progress <= 0 { return source }
        if entering ? progress <= 0 : progress >= 1 { return source.blank }
        // Most transitions hide what they will show: leaving is entering
        // played backwards. The rolls move the other way out.
        let shown = entering ? progress : 1 - progress
        switch transition.resolved(seed: seed) {
        case .cut, .fade, .random: return entering ? source : source.blank
        case .wipeLeft, .wipeRight, .wipeUp, .wipeDown, .wipeIn, .wipeOut:
            return Wipe.frame(transition.resolved(seed: seed), source: source, shown: shown)
        case .rollLeft, .rollRight, .rollUp, .rollDown:
            return Roll.frame(transition.resolved(seed: seed), source: source, progress: progress, entering: entering)
        case .typewriter: return Typewriter.frame(source: source, shown: shown)
        case .slide: return Slide.frame(source: source, shown: shown)
        case .dissolve: return Dissolve.frame(source: source, shown: shown, seed: seed)
        case .sparkle: return Sparkle.frame(source: source, shown: shown, seed: seed)
        case .scan: return Scan.frame(source: source, shown: shown)
        case .snow: return Snow.frame(source: source, shown: shown, seed: seed)
        case .interlock: return Interlock.frame(source: source, shown: shown)
        }
    }
}
