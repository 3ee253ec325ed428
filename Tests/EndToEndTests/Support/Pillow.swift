import Foundation

/// Decodes an exported picture with Python Pillow (Debian `python3-pil`),
/// a decoder independent of the libraries that wrote it, and answers in
/// JSON: the size, the frame count, each frame's duration in milliseconds,
/// the loop count, and the RGB colour of the pixels asked for, in the
/// first frame (docs/export.md, "Tests").
enum Pillow {
    struct Picture: Decodable {
        let width: Int
        let height: Int
        let frames: Int
        let durations: [Int]
        /// Pillow's `loop` (0: for ever); nil when the file has no loop extension.
        let loop: Int?
        /// `[r, g, b]` of each point asked for, in the first frame.
        let pixels: [[Int]]
        /// The distinct colours of the last frame, drawn over the ones before.
        let lastColours: Int
    }

    static let script = """
    import json, sys
    from PIL import Image
    image = Image.open(sys.argv[1])
    points = json.loads(sys.argv[2])
    durations = []
    frames = getattr(image, "n_frames", 1)
    first = image.convert("RGB")
    pixels = [list(first.getpixel((x, y))) for x, y in points]
    for index in range(frames):
        image.seek(index)
        # Pillow's WebP reader sets a frame's duration when it decodes it.
        image.load()
        durations.append(image.info.get("duration", 0))
    last = image.convert("RGB")
    print(json.dumps({"width": image.width, "height": image.height, "frames": frames, "durations": durations,
                      "loop": image.info.get("loop"), "pixels": pixels,
                      "lastColours": len(last.getcolors(1 << 16) or [])}))
    """

    /// Debian's Python, which has `python3-pil`, whatever else is on PATH.
    static let python = "/usr/bin/python3"

    static func decode(_ path: String, points: [(Int, Int)] = []) async throws -> Picture {
        let list = "[" + points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
        let result = try await runCommand(python, ["-c", script, path, list], timeout: 60)
        guard result.status == 0 else { throw E2EFailure("Pillow could not read \(path): \(result.stderr)") }
        return try JSONDecoder().decode(Picture.self, from: result.stdoutData)
    }
}
