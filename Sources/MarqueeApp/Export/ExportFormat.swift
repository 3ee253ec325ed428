/// What `--export FILE` writes, told by the file's extension (case
/// ignored): a still PNG, an animated GIF or WebP, an MP4 or WebM video
/// (through an installed ffmpeg), or an asciicast v2 terminal recording
/// (docs/export.md).
enum ExportFormat: String, Sendable, CaseIterable, Equatable {
    case png, gif, webp, mp4, webm, cast

    /// The format of `path`'s extension; nil for any other (or none).
    init?(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: OptionValues.lowercased(String(name[name.index(after: dot)...])))
    }

    /// The extensions, as a usage error lists them.
    static var spelled: String { allCases.map { "." + $0.rawValue }.joined(separator: ", ") }

    /// A picture of one moment (`--at`), not an animation.
    var isStill: Bool { self == .png }

    /// Drawn as LEDs in pixels (`--led-pixels`); a `.cast` is the
    /// terminal's cells.
    var isPixels: Bool { self != .cast }
}

/// What `--export` asks for, checked on the command line.
struct ExportRequest: Sendable, Equatable {
    var path: String
    var format: ExportFormat
}
