/// The scroll position as a function of time, so a slow frame never changes
/// the speed and a pause resumes from the exact spot (docs/scroll-clock.md).
///
/// While running, `sample(t) = frozen + (t - anchor) * speed * direction`;
/// while stopped, `frozen`. Every change of running state, speed or direction
/// folds the current position into `frozen` and moves the anchor to `t`.
///
/// ```swift
/// var clock = ScrollClock(speed: 60)
/// clock.setRunning(true, at: 10)
/// clock.setRunning(false, at: 12)   // position 120
/// clock.setRunning(true, at: 30)
/// clock.sample(at: 31)              // 180
/// ```
public struct ScrollClock: Sendable, Equatable {
    /// Position when last folded: in characters for the player (the scene
    /// turns them into LEDs, ``MessageMeasure/ledsPerCharacter``).
    public private(set) var frozen: Double
    /// Time (seconds, monotonic) of the last fold.
    public private(set) var anchor: Double
    /// Units of the position per second (characters for the player),
    /// never negative; direction carries the sign.
    public private(set) var speed: Double
    /// +1 scrolls right-to-left (text moves left), -1 the other way.
    public private(set) var direction: Double
    public private(set) var isRunning: Bool

    public init(speed: Double, position: Double = 0) {
        let finiteSpeed = speed.isFinite ? speed : 0
        self.frozen = position.isFinite ? position : 0
        self.anchor = 0
        self.speed = abs(finiteSpeed)
        self.direction = finiteSpeed < 0 ? -1 : 1
        self.isRunning = false
    }

    /// The position at time `t`. A time before the anchor, or not finite,
    /// reads as the anchor: time never runs the position backwards.
    public func sample(at t: Double) -> Double {
        guard isRunning, t.isFinite, t > anchor else { return frozen }
        return frozen + (t - anchor) * speed * direction
    }

    /// Starts or stops the clock, keeping the position.
    public mutating func setRunning(_ running: Bool, at t: Double) {
        guard running != isRunning else { return }
        fold(at: t)
        isRunning = running
    }

    /// Changes the speed (columns per second) from now on, keeping the position.
    public mutating func setSpeed(_ newSpeed: Double, at t: Double) {
        guard newSpeed.isFinite else { return }
        fold(at: t)
        speed = abs(newSpeed)
    }

    /// Takes `newSpeed` columns per second the way `direction` says (+1
    /// right-to-left, -1 the other way) from now on, keeping the position:
    /// a message with its own speed starts with it.
    public mutating func setPace(speed newSpeed: Double, direction newDirection: Double, at t: Double) {
        guard newSpeed.isFinite else { return }
        fold(at: t)
        speed = abs(newSpeed)
        direction = newDirection < 0 ? -1 : 1
    }

    /// Reverses the direction from now on, keeping the position.
    public mutating func reverse(at t: Double) {
        fold(at: t)
        direction = -direction
    }

    /// Jumps to a position (a new message starts from its entry position).
    public mutating func reset(to position: Double, at t: Double) {
        fold(at: t)
        frozen = position.isFinite ? position : 0
    }

    /// When the position next reaches a whole LED after `t` (infinity while
    /// stopped): the next moment a scrolled picture can change.
    /// `stepsPerUnit` is LEDs per unit of the position (the player's clock
    /// counts characters, ``MessageMeasure/ledsPerCharacter``).
    public func nextStep(after t: Double, stepsPerUnit: Double = 1) -> Double {
        guard isRunning, speed > 0 else { return .infinity }
        let steps = stepsPerUnit.isFinite && stepsPerUnit > 0 ? stepsPerUnit : 1
        let position = sample(at: t) * steps
        let fraction = position - position.rounded(.down)
        let distance = direction > 0 ? 1 - fraction : (fraction > 0 ? fraction : 1)
        return t + distance / (speed * steps)
    }

    private mutating func fold(at t: Double) {
        frozen = sample(at: t)
        if t.isFinite, t > anchor { anchor = t }
    }
}
