import CLazyLibraries
import MarqueeCore

/// Writes an animation as a looping lossless WebP through libwebp's
/// `WebPAnimEncoder`, loaded now and not before (`lm_load_webp`;
/// docs/export.md, "WebP"). Each frame goes to the encoder as RGBA at its
/// timestamp in milliseconds; a frame equal to the one before is not
/// added, so the one before lasts until the next that differs. The encoder
/// keeps only the rectangle that changed; the file is assembled in memory
/// and written at the end.
final class WebPWriter: AnimationWriter {
    static let delayUnit = 1000
    static let maximumFrameRate: Int? = nil

    private let webp: OpaquePointer
    private let file: ExportFile
    private let width: Int
    private let height: Int
    private var previous: (image: IndexedImage, palette: ExportPalette)?
    /// Milliseconds from the start to the frame being added.
    private var elapsed = 0
    private var rgba: [UInt8]
    /// The encoder is freed (finished or abandoned).
    private var closed = false

    /// WebP frames are RGBA: the palette is each frame's own, applied as it is added.
    init(file: ExportFile, width: Int, height: Int, palette: ExportPalette, format: ExportFormat = .webp,
         fps: Int = 60) throws(Platform.Failure) {
        var message = [CChar](repeating: 0, count: 320)
        try LazyLibrary.require(LazyLibrary.webpError)
        guard let opened = lm_webp_open(Int32(width), Int32(height), &message, message.count) else {
            throw ExportFile.failure(file.path, String(cBuffer: message))
        }
        webp = opened
        self.file = file
        self.width = width
        self.height = height
        rgba = [UInt8](repeating: 255, count: width * height * 4)
    }

    func add(_ image: IndexedImage, palette: ExportPalette, delay: Int) throws(Platform.Failure) {
        defer { elapsed += delay }
        if let previous, previous.palette == palette, previous.image == image { return }
        previous = (image, palette)
        palette.expand(image, into: &rgba, stride: 4)
        var message = [CChar](repeating: 0, count: 320)
        let status = rgba.withUnsafeBufferPointer { lm_webp_frame(webp, $0.baseAddress!, Int32(elapsed), &message, message.count) }
        guard status == 0 else { throw ExportFile.failure(file.path, String(cBuffer: message)) }
    }

    func finish() throws(Platform.Failure) {
        closed = true
        var message = [CChar](repeating: 0, count: 320)
        guard lm_webp_finish(webp, Int32(elapsed), file.descriptor, &message, message.count) == 0 else {
            throw ExportFile.failure(file.path, String(cBuffer: message))
        }
    }

    func abandon() {
        guard !closed else { return }
        closed = true
        lm_webp_abandon(webp)
    }
}
