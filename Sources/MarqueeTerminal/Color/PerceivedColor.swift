import Glibc

/// A colour as a person sees it: Björn Ottosson's OKLab, where distance
/// follows perceived difference and lightness, chroma and hue are apart.
/// The 256-colour palette is chosen in it (`XtermPalette.ledEntry`), since
/// nearest in RGB turns a dark amber olive and a dim one grey.
struct PerceivedColor: Sendable, Equatable {
    /// Lightness, 0 (black) to 1 (white).
    let lightness: Double
    let a: Double
    let b: Double

    init(red: Double, green: Double, blue: Double) {
        // sRGB's transfer curve undone: OKLab starts from linear light.
        func linear(_ channel: Double) -> Double {
            let c = min(1, max(0, channel / 255))
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// Squared distance in OKLab: how different the two look.
    func distance(to other: PerceivedColor) -> Double {
        let (dl, da, db) = (lightness - other.lightness, a - other.a, b - other.b)
        return dl * dl + da * da + db * db
    }

    /// How colourful: 0 for a grey.
    var chroma: Double { (a * a + b * b).squareRoot() }

    /// The hue angle in degrees, 0 ..< 360 (meaningless for a grey).
    var hue: Double {
        let degrees = atan2(b, a) * 180 / Double.pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// Degrees between two hues, the short way round.
    static func hueGap(_ first: Double, _ second: Double) -> Double {
        let gap = abs(first - second).truncatingRemainder(dividingBy: 360)
        return min(gap, 360 - gap)
    }
}
