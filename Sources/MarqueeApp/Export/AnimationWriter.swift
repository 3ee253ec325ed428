import MarqueeCore

/// What writes an animation's frames into a file: GIF (`GIFWriter`) or
/// WebP (`WebPWriter`). The exporter hands every frame of the timeline
/// with how long it shows, in the writer's unit; the writer decides what to
/// keep of it (a frame equal to the one before only lengthens that one).
protocol AnimationWriter: AnyObject {
    /// The unit of the delays: 100 for GIF's centiseconds, 1000 for WebP's
    /// milliseconds.
    static var delayUnit: Int { get }
    /// The most frames a second the format shows well.
    static var maximumFrameRate: Int? { get }
    /// Starts the animation of `format` at `fps` in `file`; `palette` is
    /// the first frame's colours. Each writer takes what it needs.
    init(file: ExportFile, width: Int, height: Int, palette: ExportPalette, format: ExportFormat, fps: Int) throws(Platform.Failure)
    func add(_ image: IndexedImage, palette: ExportPalette, delay: Int) throws(Platform.Failure)
    /// Writes what is left; the file is then whole.
    func finish() throws(Platform.Failure)
    /// Frees the encoder without writing more: the export failed.
    func abandon()
}
