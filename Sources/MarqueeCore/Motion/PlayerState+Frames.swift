/// The frame ticker's side of the state: whether the picture changes on
/// its own, the ticker's condition ID, and when the picture next changes.
extension PlayerState {
    /// Whether the picture changes on its own: the scroll, a long caption,
    /// the rainbow, a blink, a running countdown bar, a fade. A message at rest with
    /// none of these needs no frame ticks at all.
    public var animates: Bool {
        guard !isDark else { return false }
        return scrollsNow || captionClock.isRunning || (showsRainbow && effectsAllowed) || blinks || blinksMarkup
            || (controlsVisible && waitStartedAt != nil) || (effectsAllowed && fadePending) || modeAnimates
            || zonesAnimate
    }

    /// Key of the frame ticker: a new rate, or ticking switched on or off,
    /// restarts it; when not rendering, nothing animates, or nothing draws
    /// the frames (`--headless`), there is no ticker at all.
    public var frameTickerID: FrameTickerID {
        FrameTickerID(framesPerSecond: settings.drawsFrames && shouldRenderFrames && animates ? motion.framesPerSecond : 0)
    }

    /// Brightness of lit LEDs: a short ramp after a message change when
    /// effects are allowed, otherwise a plain cut.
    public func litShade(at t: Double) -> LEDShade {
        guard effectsAllowed else { return .lit }
        return LEDShade.lit(brightness: (t - cueStartedAt) / PlayerState.fadeSeconds)
    }

    /// The latest time after `t` at which the picture may next change on its
    /// own: the scroll reaching the next LED, a fade or countdown step, the
    /// rainbow's next hue, a blink. At most half a second away, so the loop never
    /// sleeps long on a stale answer.
    public func nextVisibleChange(after t: Double) -> Double {
        if controlsVisible, waitStartedAt != nil { return t }          // countdown bar
        if effectsAllowed, t < cueStartedAt + PlayerState.fadeSeconds { return t }
        var next = t + 0.5
        if showsRainbow, effectsAllowed {
            next = min(next, ((t * 6).rounded(.down) + 1) / 6)
        }
        if blinks || blinksMarkup { next = min(next, ((t * 2).rounded(.down) + 1) / 2) }
        next = min(next, clock.nextStep(after: t, stepsPerUnit: ledsPerCharacter), captionClock.nextStep(after: t),
                   nextModeChange(after: t), nextZoneChange(after: t))
        return next
    }

    /// Whether the frame ticker saw the fade-in through at `t` (or effects
    /// are off): then `.frameTick` ends it.
    func fadeEnds(at t: Double) -> Bool {
        fadePending && (!effectsAllowed || t >= cueStartedAt + PlayerState.fadeSeconds)
    }
}
