/// How a message stays on the sign while it shows (docs/display.md,
/// "Display modes"): one of these loops for as long as the message is up.
/// Its name is its entry in ``DisplayModeTable``; what it draws is the file
/// of the same name in `Modes/Stays/` (scroll and hold are the sign's own
/// scroll and rest layouts).
public enum StayMode: String, Sendable, CaseIterable {
    /// Today's marquee: the message scrolls (the default).
    case scroll
    /// At rest, laid out whole.
    case hold
    /// At rest, the whole message blinking (and only the marked words, when
    /// the text marks some).
    case flash
    /// Back and forth when wider than the sign; at rest when it fits.
    case bounce
    /// At rest, its colours cycling through the rainbow's hues.
    case cycle
    /// At rest, a few LEDs at a time dimming for a moment, as a real sign's
    /// LEDs flicker.
    case twinkle
    /// A message too long to stand whole, wrapped into lines that move up
    /// one at a time; at rest when it stands whole.
    case vertical
}
