import MarqueeCore

/// The LEDs and the text below full brightness (docs/display.md,
/// "Brightness"). Where the terminal has shades of a colour (256 colours,
/// true colour) the colour is scaled, but never below a floor of perceived
/// lightness (OKLab, black 0, white 1): an unlit LED at least
/// ``unlitFloor``, a lit one at least ``litFloor``, so at 1 % an LED is
/// still told from the background and lit from unlit. Where it has not (8
/// colours, none) and for text in the terminal's own colour, the brightness
/// is the bold and dim attributes, in three steps.
///
/// Each colour is worked out once per colour and brightness: `Screen` keeps
/// the style of every pair of inks until either changes, so none of this
/// is on a frame's path.
extension InkColors {
    /// How the attributes follow the brightness: as at full down to 75 %,
    /// then without bold, then dim below 50 %.
    enum AttributeStep: Sendable, Equatable {
        case full, unbolded, dimmed

        init(_ brightness: Double) {
            self = brightness >= 0.75 ? .full : brightness >= 0.5 ? .unbolded : .dimmed
        }
    }

    /// The perceived lightness an unlit LED keeps at any brightness: the
    /// palette's grey (18,18,18), `red` (34,4,2), about CIE L* 5,
    /// dark but not black. (An unlit red at full brightness is about L* 9:
    /// the grid has little room to dim before it would vanish.)
    static let unlitFloor = 0.17
    /// The perceived lightness a lit LED keeps, ``separation`` above the
    /// unlit floor: `red` (67,8,4), white (34,34,34). OKLab's
    /// lightness is generous at the dark end, so the floors are higher than
    /// they look: (8,8,8) is 0.13, and next to black on most screens.
    static let litFloor = 0.25
    /// Perceived lightness between a dimmed lit LED and its unlit one when
    /// the 256-colour palette must find the unlit one elsewhere.
    static let separation = 0.08

    /// The floor of a shade: the glow steps of a fade between unlit's and lit's.
    static func floor(_ shade: LEDShade) -> Double {
        unlitFloor + (litFloor - unlitFloor) * Double(shade.rawValue) / Double(LEDShade.lit.rawValue)
    }

    var attributeStep: AttributeStep { AttributeStep(brightness) }

    /// A caption's, the status line's or plain text's attributes.
    func textAttributes(_ tone: TextTone) -> Attributes {
        switch (attributeStep, tone) {
        case (.dimmed, _), (_, .dim): .dim
        case (.full, .bright): .bold
        case (.full, .normal), (.unbolded, _): []
        }
    }

    /// An LED's attributes with 8 colours or none, where one colour is
    /// every shade: lit bold and unlit dim at full; lit loses its bold
    /// below 75 % and is dim below 50 %. Lit and unlit differ by glyph there
    /// (`TerminalGlyphs`), so they stay apart at every step.
    func fewColourAttributes(_ shade: LEDShade) -> Attributes {
        if shade == .unlit { return .dim }
        switch attributeStep {
        case .full: return shade == .lit || (depth == .none && shade == .glow3) ? .bold : []
        case .unbolded: return []
        case .dimmed: return .dim
        }
    }

    /// With true colour, what the colour's RGB is multiplied by: the
    /// shade's level times the brightness, raised as far as the shade's
    /// floor asks (never above the shade at full brightness, which a very
    /// dark `#RRGGBB` may already be under).
    func dimmedDirectFactor(_ base: (red: UInt8, green: UInt8, blue: UInt8), shade: LEDShade) -> Double {
        let full = InkColors.directLevels[Int(shade.rawValue)]
        let scaled = full * brightness
        let floor = InkColors.floor(shade)
        let lightness = { (factor: Double) in
            PerceivedColor(red: Double(base.red) * factor, green: Double(base.green) * factor, blue: Double(base.blue) * factor).lightness
        }
        guard lightness(scaled) < floor else { return scaled }
        guard lightness(full) > floor else { return full }
        // Lightness grows with the factor: halve the interval to the floor.
        var (low, high) = (scaled, full)
        for _ in 0..<24 {
            let middle = (low + high) / 2
            if lightness(middle) < floor { low = middle } else { high = middle }
        }
        return high
    }

    /// With 256 colours, an LED's entry: the lit and glow shades on their
    /// hue's ladder above their floors; the unlit one below the lit one's
    /// entry and above its floor, on the greys when the ladder has no such
    /// rung (``XtermPalette/unlitEntry(red:green:blue:level:under:floor:separation:)``).
    /// Rainbow's unlit LEDs are greys at every brightness, as at full.
    func dimmedPaletteEntry(_ base: (red: UInt8, green: UInt8, blue: UInt8), shade: LEDShade) -> Int {
        let level = Int(shade.rawValue)
        let entry = { (shade: LEDShade) in
            XtermPalette.ledEntry(red: base.red, green: base.green, blue: base.blue,
                                  level: InkColors.paletteLevels[Int(shade.rawValue)] * brightness,
                                  minimumLightness: InkColors.floor(shade))
        }
        guard shade == .unlit else { return entry(shade) }
        let lit = entry(.lit)
        if color == .rainbow {
            return XtermPalette.unlitEntry(red: 255, green: 255, blue: 255, level: InkColors.rainbowUnlitLevel * brightness,
                                           under: lit, floor: InkColors.unlitFloor, separation: InkColors.separation)
        }
        return XtermPalette.unlitEntry(red: base.red, green: base.green, blue: base.blue,
                                       level: InkColors.paletteLevels[level] * brightness,
                                       under: lit, floor: InkColors.unlitFloor, separation: InkColors.separation)
    }
}
