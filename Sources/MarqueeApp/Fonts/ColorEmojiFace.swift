import MarqueeCore
import Synchronization

/// Colour emoji drawn as LEDs (docs/display.md, "Colour emoji"): each glyph
/// of the colour font's strike scaled down into the chosen font's line box
/// by area averaging — every LED the average of the bitmap pixels it covers
/// — lit where that average is at least half opaque, in its average colour
/// (``GlyphColors``). Drawn once per glyph and size and kept.
final class ColorEmojiFace: ColorGlyphSource {
    let ascent: Int
    let descent: Int
    private let strike: ColorEmojiStrike
    private let glyphs = Mutex<[UInt32: Glyph?]>([:])

    /// Alpha (of 255) from which an LED of a colour glyph is lit.
    static let threshold = 128

    init(strike: ColorEmojiStrike, ascent: Int, descent: Int) {
        self.strike = strike
        self.ascent = max(1, min(Glyph.maximumHeight, ascent))
        self.descent = max(0, min(Glyph.maximumHeight - self.ascent, descent))
    }

    func sized(ascent: Int, descent: Int) -> any ColorGlyphSource {
        ColorEmojiFace(strike: strike, ascent: ascent, descent: descent)
    }

    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        // Plain text's characters are never asked of a colour font: a digit
        // or `#` in Noto Color Emoji is a keycap base, not a letter.
        guard scalar.value >= 0x80 else { return nil }
        if let known = glyphs.withLock({ $0[scalar.value] }) { return known }
        let drawn = strike.bitmap(for: scalar.value).map { scaled($0.bitmap, strikeHeight: $0.ascent + $0.descent) }
        glyphs.withLock { $0[scalar.value] = drawn }
        return drawn
    }

    /// `bitmap` averaged down into this face's line box: the strike's line
    /// box (`strikeHeight` rows) becomes `ascent + descent` rows, baseline
    /// on baseline.
    func scaled(_ bitmap: ColorEmojiStrike.Bitmap, strikeHeight: Int) -> Glyph {
        let height = ascent + descent
        let factor = Double(height) / Double(max(1, strikeHeight))
        let width = min(FreeTypeFace.maximumAdvance,
                        max(Int((Double(bitmap.advance) * factor).rounded(.up)),
                            Int((Double(max(0, bitmap.left) + bitmap.width) * factor).rounded(.up))))
        // Sums of premultiplied blue, green, red, alpha, and pixels counted, per LED.
        var sums = [Int](repeating: 0, count: width * height * 5)
        for y in 0..<bitmap.rows {
            // The pixel's centre above the baseline, in LEDs.
            let above = (Double(bitmap.top - y) - 0.5) * factor
            let row = ascent - 1 - Int(above.rounded(.down))
            guard row >= 0, row < height else { continue }
            for x in 0..<bitmap.width {
                let column = Int((Double(max(0, bitmap.left) + x) + 0.5) * factor)
                guard column < width else { continue }
                let at = (column * height + row) * 5
                let pixel = y * bitmap.width * 4 + x * 4
                for channel in 0..<4 { sums[at + channel] += Int(bitmap.bgra[pixel + channel]) }
                sums[at + 4] += 1
            }
        }
        // An LED at the bitmap's edge covers transparent pixels beyond it:
        // the average is over the LED's whole area, not the pixels counted.
        let area = max(1, Int((1 / (factor * factor)).rounded()))
        var columns = [UInt64](repeating: 0, count: width)
        var colors = GlyphColors(columns: width, height: height)
        for column in 0..<width {
            for row in 0..<height {
                let at = (column * height + row) * 5
                let alpha = sums[at + 3]
                guard alpha > 0, alpha / max(area, sums[at + 4]) >= ColorEmojiFace.threshold else { continue }
                columns[column] |= 1 << UInt64(row)
                func straight(_ channel: Int) -> UInt8 { UInt8(min(255, sums[at + channel] * 255 / alpha)) }
                colors[column, row] = LEDPixelColor(red: straight(2), green: straight(1), blue: straight(0))
            }
        }
        if let last = columns.last, last != 0, columns.count < FreeTypeFace.maximumAdvance {
            columns.append(0)
            colors = colors.widened(to: columns.count)
        }
        return Glyph(columns: columns, ascent: ascent, descent: descent, colors: colors)
    }
}
