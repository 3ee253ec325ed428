/// The `]` and `[` keys (docs/display.md, "Brightness"): the sign's own
/// brightness, `--brightness`, a step of 10 % up or down, and the status
/// line says where it is now and what holds it.
extension PlayerState {
    /// How far a key moves the brightness, in percent.
    public static let brightnessKeyStep = 10
    /// The dimmest a key makes the sign: 10 %. Lower is `--brightness`'s to
    /// set (down to 1 %): a key held down should not leave a sign that
    /// looks off.
    public static let brightnessKeyFloor = 10

    /// The sign's brightness one step brighter or dimmer: to the next
    /// multiple of 10 % that way (45 % goes to 50 % or 40 %), within
    /// ``brightnessKeyFloor`` and 100 %; a sign already below the floor
    /// (`--brightness 5`) is not dimmed further by a key.
    static func steppedBrightness(_ current: Brightness, brighter: Bool) -> Brightness {
        let step = brightnessKeyStep
        let percent = current.percent
        let next = brighter
            ? min(Brightness.range.upperBound, (percent / step + 1) * step)
            : max(brightnessKeyFloor, (percent - 1) / step * step)
        // A key never moves the other way (dimmer from 5 % would be 10 %).
        guard brighter ? next > percent : next < percent else { return current }
        return Brightness(percent: next) ?? current
    }

    /// Steps `--brightness` and answers on the status line with what the
    /// LEDs show: a message's own brightness and quiet hours' ceiling
    /// still win over the sign's, and the answer says so.
    mutating func stepBrightness(brighter: Bool) {
        let before = settings.brightness
        setSignBrightness(PlayerState.steppedBrightness(before, brighter: brighter))
        var answer = "brightness \(settings.brightness.percent)%"
        if settings.brightness == before { answer += brighter ? " (the brightest)" : " (the dimmest a key sets)" }
        if let own = currentLook.brightness {
            answer += ", this message \(own.percent)%"
        } else if shownBrightness != settings.brightness {
            answer += ", quiet hours \(shownBrightness.percent)%"
        }
        controls.answer(answer)
    }
}
