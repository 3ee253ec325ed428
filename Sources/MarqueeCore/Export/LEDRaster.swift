/// Draws an `LEDPanel` as pixels: every LED a disc or a square of its
/// ink on the dark gap, `pitch` pixels from one LED to the next
/// (`--led-pixels`, docs/export.md). Pure and exact (no smoothing), so a
/// picture has only the colours of its inks and the gap, and a test can
/// read an LED's colour at its centre and the gap between two.
public struct LEDRaster: Sendable {
    /// The largest picture drawn, in pixels each way: a bigger one is
    /// refused before anything is allocated.
    public static let maximumSide = 8192
    /// Pixels from one LED to the next: 1 to 64.
    public static let pitches = 1...64

    public let pitch: Int
    public let shape: LEDPanel.Shape
    /// Which pixels of an LED's `pitch` x `pitch` square are the LED (the
    /// rest is gap), worked out once.
    private let stamp: [Bool]

    /// Of a pitch, how much the LED spans: across for a round LED, side
    /// for a square one, as the classic grid draws them in cells
    /// (`ClassicLED`).
    public static let roundDiameter = ClassicLED.roundDiameter
    public static let squareSide = ClassicLED.squareSide

    public init(pitch: Int, shape: LEDPanel.Shape) {
        let pitch = max(1, pitch)
        self.pitch = pitch
        self.shape = shape
        var stamp = [Bool](repeating: false, count: pitch * pitch)
        let centre = Double(pitch) / 2
        for y in 0..<pitch {
            for x in 0..<pitch {
                let (dx, dy) = (Double(x) + 0.5 - centre, Double(y) + 0.5 - centre)
                switch shape {
                case .round:
                    let radius = LEDRaster.roundDiameter * centre
                    stamp[y * pitch + x] = dx * dx + dy * dy <= radius * radius
                case .square:
                    let half = LEDRaster.squareSide * centre
                    stamp[y * pitch + x] = abs(dx) <= half && abs(dy) <= half
                }
            }
        }
        // However small the pitch, the centre pixel is the LED: it never vanishes.
        stamp[(pitch / 2) * pitch + pitch / 2] = true
        self.stamp = stamp
    }

    /// The picture's size for a panel of `columns` x `rows` LEDs; nil when
    /// a side would be over ``maximumSide`` or the panel is empty.
    public func size(columns: Int, rows: Int) -> (width: Int, height: Int)? {
        guard columns > 0, rows > 0, columns <= LEDRaster.maximumSide / pitch, rows <= LEDRaster.maximumSide / pitch
        else { return nil }
        return (columns * pitch, rows * pitch)
    }

    /// Draws `panel` into `image` (of `size(columns:rows:)`), every pixel.
    public func draw(_ panel: LEDPanel, into image: inout IndexedImage) {
        precondition(image.width == panel.columns * pitch && image.height == panel.rows * pitch, "image of the panel's size")
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<panel.rows {
                for column in 0..<panel.columns {
                    let ink = panel.inks[row * panel.columns + column]
                    let origin = row * pitch * width + column * pitch
                    for y in 0..<pitch {
                        let line = origin + y * width
                        for x in 0..<pitch {
                            // The gap is index 0, `Ink.plain`.
                            pixels[line + x] = stamp[y * pitch + x] ? ink : 0
                        }
                    }
                }
            }
        }
    }
}
