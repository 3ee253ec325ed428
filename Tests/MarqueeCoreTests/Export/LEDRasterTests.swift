import MarqueeCore
import Testing

/// The LED raster of `--export` (docs/export.md, "Pixels"): each LED a
/// disc or square of its ink at its centre, the gap (index 0) between.
@Suite("LED raster")
struct LEDRasterTests {
    static let lit = UInt8(Ink.led(.lit, hue: 0).code)
    static let unlit = UInt8(Ink.led(.unlit, hue: 0).code)

    /// A 3x2 panel: the top-left LED and the bottom-right lit, the rest unlit.
    static func panel(_ shape: LEDPanel.Shape) -> LEDPanel {
        var panel = LEDPanel(columns: 3, rows: 2, shape: shape)
        panel[0, 0] = .led(.lit, hue: 0)
        panel[2, 1] = .led(.lit, hue: 0)
        return panel
    }

    static func draw(_ panel: LEDPanel, pitch: Int) -> IndexedImage {
        let raster = LEDRaster(pitch: pitch, shape: panel.shape)
        let size = raster.size(columns: panel.columns, rows: panel.rows)!
        var image = IndexedImage(width: size.width, height: size.height, fill: 99)
        raster.draw(panel, into: &image)
        return image
    }

    @Test("a round LED: its ink at the centre, the gap at the corners of its square and between LEDs",
          arguments: [LEDPanel.Shape.round, .square])
    func centresAndGaps(shape: LEDPanel.Shape) {
        let image = Self.draw(Self.panel(shape), pitch: 8)
        #expect(image.width == 24 && image.height == 16)
        // Centres.
        #expect(image[4, 4] == Self.lit)
        #expect(image[12, 4] == Self.unlit)
        #expect(image[20, 4] == Self.unlit)
        #expect(image[20, 12] == Self.lit)
        #expect(image[4, 12] == Self.unlit)
        // The gap: every LED square's corners and the line between two LEDs.
        for (x, y) in [(0, 0), (7, 0), (0, 7), (7, 7), (8, 8), (23, 15), (16, 4)] {
            #expect(image[x, y] == 0, "(\(x), \(y)) is gap")
        }
        // Every pixel is an LED's ink or the gap (nothing of the fill left).
        #expect(image.pixels.allSatisfy { [0, Self.lit, Self.unlit].contains($0) })
    }

    @Test("a round LED is a disc (0.8 of the pitch across), a square one a square (0.7 a side)")
    func roundIsADisc() {
        let round = Self.draw(Self.panel(.round), pitch: 20)
        let square = Self.draw(Self.panel(.square), pitch: 20)
        // (3, 3): inside the square (3.5…16.5 by pixel centres), outside the disc of radius 8 round (10, 10).
        #expect(round[3, 3] == 0 && square[3, 3] == Self.lit)
        // (2, 10): on the disc, left of the square.
        #expect(round[2, 10] == Self.lit && square[2, 10] == 0)
    }

    @Test("at a pitch of 1 or 2 every LED still shows: its centre pixel is its ink", arguments: [1, 2])
    func smallPitch(pitch: Int) {
        let image = Self.draw(Self.panel(.round), pitch: pitch)
        #expect(image[pitch / 2, pitch / 2] == Self.lit)
        #expect(image[pitch + pitch / 2, pitch / 2] == Self.unlit)
    }

    @Test("a picture over 8192 pixels a side, or of no LEDs, has no size (refused before allocating)")
    func cap() {
        let raster = LEDRaster(pitch: 64, shape: .round)
        #expect(raster.size(columns: 128, rows: 10)! == (8192, 640))
        #expect(raster.size(columns: 129, rows: 10) == nil)
        #expect(raster.size(columns: 10, rows: 129) == nil)
        #expect(raster.size(columns: 0, rows: 10) == nil)
        #expect(LEDRaster(pitch: 8, shape: .square).size(columns: 1024, rows: 1025) == nil)
    }

    @Test("a dark panel is gap only")
    func dark() {
        let image = Self.draw(LEDPanel(columns: 2, rows: 2, shape: .round, fill: .plain), pitch: 6)
        #expect(image.pixels.allSatisfy { $0 == 0 })
    }
}
