import CLazyLibraries
import MarqueeCore

/// Writes an animation as a looping GIF through giflib, loaded now and
/// not before (`lm_load_gif`). Each frame holds only the rectangle that
/// changed since the one before, its unchanged pixels transparent; a frame
/// equal to the one before is not written, the one before shows longer
/// (docs/export.md, "GIF"). A frame whose colours differ from the first's
/// (a message of its own colour, quiet hours' dimming) carries its own
/// palette and is drawn whole.
final class GIFWriter: AnimationWriter {
    /// Centiseconds: GIF's delays.
    static let delayUnit = 100
    /// Browsers draw delays under 2 cs slowly: at most 50 frames a second.
    static let maximumFrameRate: Int? = 50

    private let gif: OpaquePointer
    private let file: ExportFile
    private let global: ExportPalette
    /// The last image added and its palette: the next is compared with it.
    private var previous: (image: IndexedImage, palette: ExportPalette)?
    /// The frame not yet written, whose delay grows while frames repeat it.
    private var pending: (x: Int, y: Int, width: Int, height: Int, pixels: [UInt8], transparent: Bool,
                          palette: ExportPalette?, delay: Int)?
    /// Frames written and the centiseconds they add up to.
    private(set) var framesWritten = 0
    private(set) var totalDelay = 0
    /// giflib's state is freed (the GIF finished or abandoned).
    private var closed = false

    init(file: ExportFile, width: Int, height: Int, palette: ExportPalette, format: ExportFormat = .gif,
         fps: Int = 50) throws(Platform.Failure) {
        var message = [CChar](repeating: 0, count: 320)
        try LazyLibrary.require(LazyLibrary.gifError)
        let opened = palette.rgb.withUnsafeBufferPointer {
            lm_gif_open(file.descriptor, Int32(width), Int32(height), $0.baseAddress!, Int32(ExportPalette.count), &message,
                        message.count)
        }
        guard let opened else { throw ExportFile.failure(file.path, String(cBuffer: message)) }
        gif = opened
        self.file = file
        global = palette
    }

    /// Adds `image` shown for `delay` centiseconds in `palette`'s colours.
    func add(_ image: IndexedImage, palette: ExportPalette, delay: Int) throws(Platform.Failure) {
        defer { previous = (image, palette) }
        guard let previous, previous.palette == palette else {
            // The first frame, or new colours: the whole picture.
            try flush()
            pending = (0, 0, image.width, image.height, image.pixels, false, palette == global ? nil : palette, delay)
            return
        }
        guard let region = image.changedRegion(since: previous.image) else {
            // Nothing changed: the frame before shows for longer.
            pending?.delay += delay
            return
        }
        try flush()
        let pixels = image.region(x: region.x, y: region.y, width: region.width, height: region.height,
                                  unchangedFrom: previous.image, transparent: ExportPalette.transparent)
        pending = (region.x, region.y, region.width, region.height, pixels, true, palette == global ? nil : palette, delay)
    }

    /// Writes the pending frame.
    private func flush() throws(Platform.Failure) {
        guard let frame = pending else { return }
        pending = nil
        var message = [CChar](repeating: 0, count: 320)
        let transparent = frame.transparent ? Int32(ExportPalette.transparent) : -1
        let status = frame.pixels.withUnsafeBufferPointer { pixels in
            if let local = frame.palette {
                return local.rgb.withUnsafeBufferPointer {
                    lm_gif_frame(gif, Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), pixels.baseAddress!,
                                 Int32(frame.delay), transparent, $0.baseAddress, Int32(ExportPalette.count), &message, message.count)
                }
            }
            return lm_gif_frame(gif, Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), pixels.baseAddress!,
                                Int32(frame.delay), transparent, nil, 0, &message, message.count)
        }
        guard status == 0 else { throw ExportFile.failure(file.path, String(cBuffer: message)) }
        framesWritten += 1
        totalDelay += frame.delay
    }

    /// Writes the last frame and the trailer.
    func finish() throws(Platform.Failure) {
        var message = [CChar](repeating: 0, count: 320)
        try flush()
        closed = true
        guard lm_gif_close(gif, 1, &message, message.count) == 0 else {
            throw ExportFile.failure(file.path, String(cBuffer: message))
        }
    }

    /// Frees giflib's state without writing more: the export failed.
    func abandon() {
        guard !closed else { return }
        closed = true
        var message = [CChar](repeating: 0, count: 320)
        _ = lm_gif_close(gif, 0, &message, message.count)
    }
}
