/// Entries of the standard xterm 256-colour palette (the 6x6x6 cube and the
/// grey ramp), which every 256-colour terminal shares by default; the user's
/// palette is never redefined.
public enum XtermPalette {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The entry for an LED of colour `red, green, blue` shown at `level`
    /// of its full light (0…1), chosen by perceived colour on a ladder that
    /// keeps the hue (docs/display.md, "Colour depths"): the entries of the
    /// colour's hue (not greyish: at least 0.3 of its chroma; the greys for
    /// a grey), the
    /// nearest in OKLab. The palette has no dark oranges, so
    /// a dim amber is the darkest amber it has, (135,95,0), never olive
    /// (95,95,0) or grey, as nearest-in-RGB gives.
    ///
    /// ```swift
    /// XtermPalette.ledEntry(red: 255, green: 170, blue: 0, level: 95.0 / 255)   // 94, (135,95,0)
    /// ```
    ///
    /// Below full brightness, `minimumLightness` keeps the entry above a
    /// perceived lightness (docs/display.md, "Brightness"): the rungs darker
    /// than it are left out, unless that leaves none.
    public static func ledEntry(red: UInt8, green: UInt8, blue: UInt8, level: Double, minimumLightness: Double = 0) -> Int {
        let base = PerceivedColor(red: Double(red), green: Double(green), blue: Double(blue))
        let target = PerceivedColor(red: Double(red) * level, green: Double(green) * level, blue: Double(blue) * level)
        var ladder = ladder(for: base)
        let bright = ladder.filter { $0.color.lightness >= minimumLightness }
        if !bright.isEmpty { ladder = bright }
        return nearest(to: target, in: ladder)
    }

    /// An unlit LED's entry below full brightness, for an LED lit in entry
    /// `lit` (docs/display.md, "Brightness"): nearest to the colour
    /// `red, green, blue` at `level`, darker than `lit` by at least
    /// `separation` of perceived lightness and no darker than `floor`. On
    /// the colour's own ladder when it has such a rung, else on the greys
    /// (the cube has no dark hues: a dimmed red's darkest rung, (95,0,0),
    /// is the lit one), else the nearest grey above the floor that is still
    /// darker than `lit`. Never `lit` itself, never black: lit, unlit and
    /// the background stay three things.
    public static func unlitEntry(red: UInt8, green: UInt8, blue: UInt8, level: Double, under lit: Int,
                                  floor: Double, separation: Double) -> Int {
        let base = PerceivedColor(red: Double(red), green: Double(green), blue: Double(blue))
        let target = PerceivedColor(red: Double(red) * level, green: Double(green) * level, blue: Double(blue) * level)
        let litLightness = (lit >= 16 && lit <= 255 ? entries[lit - 16].color.lightness : 1)
        let apart = { (entry: (index: Int, color: PerceivedColor)) in
            entry.color.lightness >= floor && entry.color.lightness <= litLightness - separation
        }
        let darker = greys.filter { $0.color.lightness >= floor && $0.color.lightness < litLightness }
        for candidates in [ladder(for: base).filter(apart), greys.filter(apart), darker] where !candidates.isEmpty {
            return nearest(to: target, in: candidates)
        }
        return 233
    }

    /// The entry of `candidates` nearest `target` in OKLab (16, black, for none).
    private static func nearest(to target: PerceivedColor, in candidates: [(index: Int, color: PerceivedColor)]) -> Int {
        candidates.min { $0.color.distance(to: target) < $1.color.distance(to: target) }?.index ?? 16
    }

    /// The palette's greys (the ramp and the cube's own), darkest first.
    static let greys = entries.filter { $0.color.chroma < greyChroma / 2 }.sorted { $0.color.lightness < $1.color.lightness }

    /// The entries of `base`'s hue: within 12 degrees, widened in 6-degree
    /// steps until there are at least `minimumRungs` of them, so lit and
    /// unlit always differ (the cube has few steps of some hues: cyan at
    /// (0,230,255) has one within 12 degrees).
    static func ladder(for base: PerceivedColor) -> [(index: Int, color: PerceivedColor)] {
        if base.chroma < greyChroma { return entries.filter { $0.color.chroma < greyChroma / 2 } }
        let colourful = entries.filter { $0.color.chroma >= max(greyChroma, base.chroma * 0.3) }
        var tolerance = 12.0
        while true {
            let ladder = colourful.filter { PerceivedColor.hueGap($0.color.hue, base.hue) <= tolerance }
            if ladder.count >= minimumRungs || tolerance >= 180 { return ladder }
            tolerance += 6
        }
    }

    /// Below this chroma a colour reads as grey.
    static let greyChroma = 0.04
    /// Entries a ladder has at least: the five shades of an LED.
    static let minimumRungs = 4

    /// Entries 16…255 with their perceived colours, computed once.
    static let entries: [(index: Int, color: PerceivedColor)] = (16...255).map { index in
        let rgb = color(of: index)
        return (index, PerceivedColor(red: Double(rgb.0), green: Double(rgb.1), blue: Double(rgb.2)))
    }

    /// The RGB of an entry 16…255 in the standard palette.
    static func color(of index: Int) -> (Int, Int, Int) {
        if index >= 232 {
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        }
        let cube = index - 16
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }
}
