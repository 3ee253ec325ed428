/// The moments an animation samples the sign at, and how long each frame
/// shows: frame `k` is the sign at `k / fps` seconds, for `duration`
/// seconds. Pure arithmetic, so the frame count and the delays are tested
/// without a sign (docs/export.md, "Timeline").
public struct ExportTimeline: Sendable, Equatable {
    /// The longest animation exported, in seconds: ten minutes is 36,000
    /// frames at 60 fps; a longer one is refused, not written for hours.
    public static let maximumDuration = 600.0
    /// Frames per second an animation may ask for.
    public static let frameRates = 1...60

    public let duration: Double
    public let fps: Int

    /// Nil when `duration` is not a finite number of seconds in
    /// (0, ``maximumDuration``] or `fps` is out of ``frameRates``.
    public init?(duration: Double, fps: Int) {
        guard duration.isFinite, duration > 0, duration <= ExportTimeline.maximumDuration,
              ExportTimeline.frameRates.contains(fps) else { return nil }
        self.duration = duration
        self.fps = fps
    }

    /// Frames in the animation: enough to cover the duration, at least one.
    public var frameCount: Int {
        // A hair under a whole number of frames is that number (10 s at
        // 60 fps is 600 frames, not 601 from the float's last bit).
        max(1, Int((duration * Double(fps) - 1e-9).rounded(.up)))
    }

    /// The moment frame `index` shows, in seconds of the sign's time.
    public func time(ofFrame index: Int) -> Double { Double(index) / Double(fps) }

    /// How long frame `index` shows, in `unit`ths of a second (100 for
    /// GIF's centiseconds), rounded so the delays add up: frame `k` ends at
    /// `round(end_k * unit)`, the last at the duration, so their sum is the
    /// duration rounded to a unit whatever the frame rate (30 fps in
    /// centiseconds: 3, 4, 3, 3, 4, 3, ...).
    public func delay(ofFrame index: Int, unit: Int) -> Int {
        tick(index + 1, unit: unit) - tick(index, unit: unit)
    }

    private func tick(_ boundary: Int, unit: Int) -> Int {
        let seconds = boundary >= frameCount ? duration : time(ofFrame: boundary)
        return Int((seconds * Double(unit)).rounded())
    }
}
