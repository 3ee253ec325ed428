import MarqueeCore

/// `--export FILE`: the sign written to a file instead of a terminal
/// (docs/export.md). The sign is the real engine on a virtual clock
/// (`VirtualSign`, as for `--snapshot`), played frame by frame; each
/// frame's LEDs are drawn as pixels (`LEDRaster`) and handed to the
/// format's writer, which writes a temporary file renamed into place when
/// it is whole (`ExportFile`).
struct Exporter {
    let request: ExportRequest
    let cues: [Cue]
    let settings: PlayerSettings
    let fonts: FontStack
    let columns: Int
    let rows: Int
    /// `--led-pixels`.
    let pitch: Int
    /// `--duration`; nil is one round (`ExportLength`).
    let duration: Double?
    /// `--fps`; nil is the motion policy's.
    let fps: Int?
    /// `--at`, for a still.
    let at: Double?
    /// The wall clock at the moment 0.
    let wallStart: Double

    /// Frames a second when the policy has none (motion stopped): the
    /// picture changes only when a message does.
    static let stoppedFrameRate = 10

    /// Writes the file (and nothing on standard output, as `cp` would not).
    @MainActor
    func run() throws(Platform.Failure) {
        // Nobody is at the keys: the controls line has hidden.
        var settings = settings
        settings.idleTimeout = 0
        switch request.format {
        case .png: try still(settings)
        case .gif: try animation(settings, GIFWriter.self)
        case .webp: try animation(settings, WebPWriter.self)
        case .mp4, .webm:
            // Said before the sign is played: nothing to do without it.
            _ = try FFmpegWriter.locate(environment: Platform.environment)
            try animation(settings, FFmpegWriter.self)
        case .cast: try recording(settings)
        }
    }

    @MainActor
    func sign(_ settings: PlayerSettings) -> VirtualSign {
        VirtualSign(cues: cues, settings: settings, fonts: fonts, columns: columns, rows: rows, wallStart: wallStart)
    }

    /// The raster for the sign's panel, and the picture's size; refused
    /// before anything is allocated when a side would be over the cap.
    func raster(for panel: LEDPanel) throws(Platform.Failure) -> (LEDRaster, IndexedImage) {
        let raster = LEDRaster(pitch: pitch, shape: panel.shape)
        guard let size = raster.size(columns: panel.columns, rows: panel.rows) else {
            let message = panel.columns == 0 || panel.rows == 0
                ? "the sign has no LED panel at \(columns)x\(rows): give larger --cols and --rows"
                : "a picture of \(panel.columns)x\(panel.rows) LEDs at \(pitch) pixels is over \(LEDRaster.maximumSide) pixels a side: "
                    + "give smaller --led-pixels, --cols or --rows"
            throw Platform.Failure(message: "cannot export: \(message)", status: 1)
        }
        return (raster, IndexedImage(width: size.width, height: size.height))
    }

    @MainActor
    private func still(_ settings: PlayerSettings) throws(Platform.Failure) {
        let (sign, moment) = Snapshot.moment(cues: cues, settings: settings, fonts: fonts, columns: columns, rows: rows, at: at,
                                             wallStart: wallStart)
        let panel = sign.leds(at: moment)
        let (raster, image0) = try raster(for: panel)
        var image = image0
        raster.draw(panel, into: &image)
        var file = try ExportFile(path: request.path)
        do throws(Platform.Failure) {
            try PNGWriter.write(image, palette: ExportPalette(panel, signColor: settings.color), to: file)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
        if panel.showsPlainText { warnPlainText() }
    }

    /// The frame rate and the timeline of an animation.
    @MainActor
    func timeline(_ settings: PlayerSettings, cap: Int?) throws(Platform.Failure) -> ExportTimeline {
        let probe = sign(settings)
        let policy = probe.engine.state.motion.framesPerSecond
        var rate = fps ?? (policy > 0 ? policy : Exporter.stoppedFrameRate)
        if let cap { rate = min(rate, cap) }
        let seconds: Double
        if let duration { seconds = duration } else { seconds = try ExportLength.oneRound(of: probe, fps: rate) }
        guard let timeline = ExportTimeline(duration: seconds, fps: rate) else {
            throw Platform.Failure(message: "cannot export \(OptionTable.format(seconds)) s at \(rate) fps", status: 1)
        }
        return timeline
    }

    /// An animation in `format`'s writer: every frame of the timeline
    /// drawn and handed over with its delay in the writer's unit.
    @MainActor
    private func animation<Writer: AnimationWriter>(_ settings: PlayerSettings, _ format: Writer.Type) throws(Platform.Failure) {
        // The picture's size first: a sign with no panel has no timeline worth asking for.
        let sign = sign(settings)
        let first = sign.leds(at: 0)
        let (raster, image0) = try raster(for: first)
        let timeline = try timeline(settings, cap: Writer.maximumFrameRate)
        var image = image0
        var plainTextSeen = first.showsPlainText
        var file = try ExportFile(path: request.path)
        do throws(Platform.Failure) {
            let writer = try Writer(file: file, width: image.width, height: image.height,
                                    palette: ExportPalette(first, signColor: settings.color), format: request.format, fps: timeline.fps)
            do throws(Platform.Failure) {
                for index in 0..<timeline.frameCount {
                    let t = timeline.time(ofFrame: index)
                    sign.run(until: t)
                    let panel = index == 0 ? first : sign.leds(at: t)
                    guard panel.columns * pitch == image.width, panel.rows * pitch == image.height else {
                        throw Platform.Failure(message: "cannot export: the sign's panel changed size at \(OptionTable.format(t)) s",
                                               status: 1)
                    }
                    raster.draw(panel, into: &image)
                    plainTextSeen = plainTextSeen || panel.showsPlainText
                    try writer.add(image, palette: ExportPalette(panel, signColor: settings.color),
                                   delay: timeline.delay(ofFrame: index, unit: Writer.delayUnit))
                }
                try writer.finish()
            } catch {
                writer.abandon()
                throw error
            }
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
        if plainTextSeen { warnPlainText() }
    }

    /// Said once, after the file is written: frames the terminal would show
    /// as plain text are an unlit panel in a picture.
    private func warnPlainText() {
        Platform.writeError("ledmarquee: at \(columns)x\(rows) a message does not fit in LEDs (a terminal shows it as plain text): "
            + "its frames are an unlit panel; give larger --cols and --rows")
    }

    /// A terminal recording of the sign's cells, at the policy's frame
    /// rate (no GIF cap): the frames of a 256-colour terminal.
    @MainActor
    private func recording(_ settings: PlayerSettings) throws(Platform.Failure) {
        var settings = settings
        settings.monochrome = false
        settings.glyphs = .standard
        let timeline = try timeline(settings, cap: nil)
        let sign = sign(settings)
        var file = try ExportFile(path: request.path)
        do throws(Platform.Failure) {
            try CastRecorder.record(sign, timeline: timeline, columns: columns, rows: rows, color: settings.color,
                                    timestamp: Int(wallStart.rounded(.down)), to: file)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }
}
