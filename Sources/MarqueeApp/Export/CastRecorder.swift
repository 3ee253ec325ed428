import MarqueeCore
import MarqueeTerminal

/// `--export FILE.cast`: the sign as an asciicast v2 terminal recording
/// (docs/export.md, "asciicast"). Each frame of the timeline is composed
/// as the terminal's player composes it and encoded by the terminal's own
/// `FrameEncoder` — the difference with the frame before, through
/// `FramePainter`, for `xterm-256color` — so an event holds the very bytes
/// the sign would write; a frame that writes nothing is no event. It
/// starts by hiding the cursor and ends, at the duration, by showing it
/// again in the normal style, so the recording lasts the duration.
enum CastRecorder {
    /// The terminal the recording is made for: 256 colours, which every
    /// player shows.
    static let term = "xterm-256color"
    static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    static let showCursor: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h".utf8)

    @MainActor
    static func record(_ sign: VirtualSign, timeline: ExportTimeline, columns: Int, rows: Int, color: LEDColor,
                       timestamp: Int, to file: ExportFile) throws(Platform.Failure) {
        guard let encoder = FrameEncoder(term: term, depth: .palette256, color: color) else {
            throw Platform.Failure(message: "cannot export: no terminfo entry for \(term) (Debian package ncurses-base)", status: 1)
        }
        var text = Asciicast.header(width: columns, height: rows, timestamp: timestamp, term: term) + "\n"
        var bytes: [UInt8] = []
        for index in 0..<timeline.frameCount {
            let t = timeline.time(ofFrame: index)
            sign.run(until: t)
            bytes.removeAll(keepingCapacity: true)
            if index == 0 { bytes += hideCursor }
            encoder.encode(sign.frame(at: t), into: &bytes)
            guard !bytes.isEmpty else { continue }
            text += Asciicast.output(at: t, bytes) + "\n"
            if text.utf8.count >= 1 << 16 {
                try file.write(Array(text.utf8))
                text = ""
            }
        }
        text += Asciicast.output(at: timeline.duration, showCursor) + "\n"
        try file.write(Array(text.utf8))
    }
}
