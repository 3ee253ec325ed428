import MarqueeCore

/// A colour glyph's LEDs (an emoji, docs/display.md, "Colour emoji") in
/// their own colour at each depth, scaled by the brightness as the LEDs
/// are. Resolved once per ink and brightness, as every ink is (`Screen`
/// keeps the style of each pair), so none of this is on a frame's path.
extension InkColors {
    func pixelColor(_ color: LEDPixelColor, attributes: inout Attributes) -> Int {
        let rgb = color.rgb
        // Dimmed, the colour is scaled and kept above the lit floor's
        // share, as a lit LED is: a dark sign still shows its emoji.
        let factor = dimmed ? max(brightness, InkColors.litFloor) : 1
        func scaled(_ channel: UInt8) -> Int { Int((Double(channel) * factor).rounded()) }
        switch depth {
        case .none:
            attributes.formUnion(fewColourAttributes(.lit))
            return -1
        case .eight:
            // The sign draws no colour glyph here (its shape is lit in the
            // sign's colour), but an ink has an answer at every depth.
            attributes.formUnion(fewColourAttributes(.lit))
            return InkColors.basicColor(rgb)
        case .palette256:
            return XtermPalette.nearestEntry(red: scaled(rgb.red), green: scaled(rgb.green), blue: scaled(rgb.blue))
        case .direct:
            return scaled(rgb.red) << 16 | scaled(rgb.green) << 8 | scaled(rgb.blue)
        }
    }
}

extension XtermPalette {
    /// The entry 16…255 nearest the colour in perceived colour (OKLab),
    /// over the whole palette: a colour glyph keeps its hues as they are,
    /// with no ladder of one hue to climb.
    static func nearestEntry(red: Int, green: Int, blue: Int) -> Int {
        let target = PerceivedColor(red: Double(red), green: Double(green), blue: Double(blue))
        return entries.min { $0.color.distance(to: target) < $1.color.distance(to: target) }?.index ?? 16
    }
}
