/// The display modes' part of a scene template (``SceneTemplate``): what
/// the motion policy left of the message's modes, worked out once per
/// input, and how each turns a time on the mode clock into the scene.
struct ModeTemplate: Sendable {
    /// The stay mode as it runs: `hold` while motion is stopped.
    let stay: StayMode
    let seed: UInt64
    /// The transitions that draw (nil: a cut, or not at this tier).
    let enter: Transition?
    let exit: Transition?
    /// A bouncing message's distance and speed in LEDs, and its step.
    let bounce: (distance: Int, ledsPerSecond: Double, step: Int)?
    /// The `vertical` mode's wrapped lines and reading speed, while they move.
    let vertical: (run: Vertical.Run, charactersPerSecond: Double)?
    /// Decorative effects may run (twinkle, cycle's motion).
    let decorative: Bool

    /// Whether the sign draws this by itself, with no mode's part at all.
    var isPlain: Bool { enter == nil && exit == nil && (stay == .scroll || stay == .hold) }

    /// The scene's mode for a transition `seconds` into its run.
    static func transition(_ transition: Transition, entering: Bool, seconds: Double, seed: UInt64) -> ModeScene {
        let steps = max(1, Int((transition.seconds * ModeScene.stepsPerSecond).rounded()))
        let step = min(steps, max(0, Int((seconds / transition.seconds * Double(steps)).rounded(.down))))
        return ModeScene(effect: .transition(transition, entering: entering, step: step, steps: steps), seed: seed)
    }

    /// The stay mode's part of `scene`, `seconds` into the stay.
    func applyStay(to scene: inout MarqueeScene, at seconds: Double) {
        switch stay {
        case .scroll, .hold:
            break
        case .flash:
            // Paused, the clock holds the half it stopped in.
            if Flash.isOff(at: seconds) { scene.litShade = .unlit }
        case .bounce:
            guard let bounce, case .scrolling(_, _) = scene.placement else { return }
            let leds = Bounce.offset(at: seconds, distance: bounce.distance, ledsPerSecond: bounce.ledsPerSecond)
            scene.placement = .scrolling(ledOffset: leds / max(1, bounce.step) * max(1, bounce.step), entry: .inView)
        case .cycle:
            // The gradient always; moving only while decoration may.
            scene.rainbowPhase = decorative ? Cycle.phase(at: seconds) : 0
        case .twinkle:
            if decorative { scene.mode = ModeScene(effect: .twinkle(step: Twinkle.step(at: seconds)), seed: seed) }
        case .vertical:
            guard let vertical, scene.placement == .rest else { return }
            scene.verticalRows = Vertical.offset(at: seconds, run: vertical.run, charactersPerSecond: vertical.charactersPerSecond)
            // The lines move on their own: drift's orbit is for a still sign.
            scene.driftStep = 0
            scene.page = nil
        }
    }
}
