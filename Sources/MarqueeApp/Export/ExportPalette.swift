import MarqueeCore
import MarqueeTerminal

/// The colours of a picture's indices (docs/export.md, "Pixels"): index
/// `Ink.code` is that ink as a true-colour terminal shows it
/// (`InkColors` at `.direct`, the message's colour and brightness
/// included), index 0 (`Ink.plain`) the dark gap, and ``transparent``
/// the one index no LED uses, for what a GIF frame leaves as it was.
struct ExportPalette: Equatable {
    /// The gap between LEDs: black, as a sign's board.
    static let gap: (UInt8, UInt8, UInt8) = (0, 0, 0)
    /// The first index after every ink's.
    static let transparent = UInt8(Ink.codeCount)
    /// Entries in the palette: the power of two that holds every ink and
    /// the transparent index (GIF's colour tables are powers of two).
    static let count: Int = {
        var count = 2
        while count <= Int(transparent) { count *= 2 }
        return count
    }()

    /// `count` colours, three bytes each.
    let rgb: [UInt8]

    init(color: LEDColor, brightness: Double) {
        let colors = InkColors(depth: .direct, color: color, brightness: brightness)
        // Every index the gap's colour, then every LED ink its own.
        var rgb = [UInt8](repeating: 0, count: ExportPalette.count * 3)
        for index in 0..<ExportPalette.count {
            (rgb[index * 3], rgb[index * 3 + 1], rgb[index * 3 + 2]) = ExportPalette.gap
        }
        // Every LED ink: each shade of each hue, and each colour a colour
        // glyph (an emoji) lights its LEDs in.
        let inks = LEDShade.allCases.flatMap { shade in (0..<MarqueeScene.rainbowHues).map { Ink.led(shade, hue: UInt8($0)) } }
            + (0..<LEDPixelColor.count).map { Ink.pixel(LEDPixelColor(index: UInt8($0))) }
        for ink in inks {
            let value = colors.resolve(foreground: ink, background: .plain).foreground
            rgb[ink.code * 3] = UInt8(value >> 16 & 0xFF)
            rgb[ink.code * 3 + 1] = UInt8(value >> 8 & 0xFF)
            rgb[ink.code * 3 + 2] = UInt8(value & 0xFF)
        }
        self.rgb = rgb
    }

    /// The palette of a panel: its message's colour or the sign's, at its brightness.
    init(_ panel: LEDPanel, signColor: LEDColor) {
        self.init(color: panel.color ?? signColor, brightness: panel.brightness)
    }

    /// Writes `image`'s colours into `buffer`, `stride` bytes a pixel (3:
    /// RGB, 4: RGBA, whose alpha is left as it is) — for the encoders
    /// that take colours, not indices.
    func expand(_ image: IndexedImage, into buffer: inout [UInt8], stride: Int) {
        let colours = rgb
        buffer.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { pixels in
                for index in 0..<pixels.count {
                    let entry = Int(pixels[index]) * 3
                    out[index * stride] = colours[entry]
                    out[index * stride + 1] = colours[entry + 1]
                    out[index * stride + 2] = colours[entry + 2]
                }
            }
        }
    }
}
