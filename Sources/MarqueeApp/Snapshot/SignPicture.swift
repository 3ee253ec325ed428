import MarqueeCore

/// A picture of what a running sign shows now, for `ledmarquee send
/// snapshot --png FILE` (docs/control.md, "Snapshots"): the LEDs are read
/// on the loop, which is cheap (one ink an LED), and drawn and made a PNG
/// by ``encode()`` on a thread of its own (``SnapshotTaker``), which is
/// not: at 300x80 cells and 8 pixels an LED that is a million pixels and
/// their deflate. The pixels are those `--export x.png` draws for that
/// moment (`LEDRaster`, ``ExportPalette``, ``PNGWriter``).
struct SignPicture: Sendable {
    /// The largest PNG a snapshot sends (docs/limits.md): in base64 it
    /// fits one control reply with room to spare (a connection queues at
    /// most 256 KiB, `ControlServer.Limits.replyBytes`), and as it is one
    /// MQTT message. A sign's few flat colours compress well: 300x80 cells
    /// at 8 pixels an LED is a few KiB.
    static let maximumBytes = 128 * 1024
    /// The largest side, in pixels: a quarter of `--export`'s, so a
    /// request cannot make a sign allocate more than 16 MB for it.
    static let maximumSide = LEDRaster.maximumSide / 2
    /// Pixels from one LED to the next when the request gives none, as
    /// `--export`'s default.
    static let defaultPitch = Options().ledPixels

    /// What a snapshot is: its size and its PNG.
    struct PNG: Sendable, Equatable {
        let width: Int
        let height: Int
        let bytes: [UInt8]
    }

    let panel: LEDPanel
    /// `led-pixels`.
    let pitch: Int
    let palette: ExportPalette

    init(panel: LEDPanel, pitch: Int, signColor: LEDColor) {
        self.panel = panel
        self.pitch = pitch
        palette = ExportPalette(panel, signColor: signColor)
    }

    /// Draws and encodes the picture; the reason in one line when it
    /// cannot be (no panel, over a cap, no libpng).
    func encode() throws(ControlRequestParser.Failure) -> PNG {
        typealias Failure = ControlRequestParser.Failure
        guard panel.columns > 0, panel.rows > 0 else {
            throw Failure("the sign has no LED panel now (its terminal is too small for one)")
        }
        guard panel.columns <= SignPicture.maximumSide / pitch, panel.rows <= SignPicture.maximumSide / pitch else {
            throw Failure("a picture of \(panel.columns)x\(panel.rows) LEDs at \(pitch) pixels is over "
                          + "\(SignPicture.maximumSide) pixels a side: give a smaller --led-pixels")
        }
        let raster = LEDRaster(pitch: pitch, shape: panel.shape)
        var image = IndexedImage(width: panel.columns * pitch, height: panel.rows * pitch)
        raster.draw(panel, into: &image)
        do throws(Platform.Failure) {
            let bytes = try PNGWriter.encode(image, palette: palette, limit: SignPicture.maximumBytes)
            return PNG(width: image.width, height: image.height, bytes: bytes)
        } catch {
            throw Failure("cannot make the picture: \(error.message)")
        }
    }
}
