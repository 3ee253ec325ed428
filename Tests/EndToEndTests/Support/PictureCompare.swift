import Foundation

/// Compares two PNGs with Python Pillow, independent of the libpng that
/// wrote them, and reads one lit LED of the first: its size, whether every
/// pixel of the two agrees, the colour at the centre of the first lit LED
/// (found by its colour, `--led-pixels` apart from its neighbours) and at
/// the corner of its square, which is the gap (docs/control.md,
/// "Snapshots").
enum PictureCompare {
    struct Outcome: Decodable {
        let width: Int
        let height: Int
        let otherWidth: Int
        let otherHeight: Int
        /// No pixel differs.
        let equal: Bool
        /// `[r, g, b]` at the first lit LED's centre and its square's corner; empty when none is lit.
        let centre: [Int]
        let corner: [Int]
    }

    static let script = """
    import json, sys
    from PIL import Image, ImageChops
    a = Image.open(sys.argv[1]).convert("RGB")
    b = Image.open(sys.argv[2]).convert("RGB")
    pitch = int(sys.argv[3])
    lit = tuple(json.loads(sys.argv[4]))
    equal = a.size == b.size and ImageChops.difference(a, b).getbbox() is None
    centre, corner = [], []
    for y in range(0, a.height, pitch):
        found = None
        for x in range(0, a.width, pitch):
            if a.getpixel((x + pitch // 2, y + pitch // 2)) == lit:
                found = (x, y)
                break
        if found:
            centre = list(a.getpixel((found[0] + pitch // 2, found[1] + pitch // 2)))
            corner = list(a.getpixel(found))
            break
    print(json.dumps({"width": a.width, "height": a.height, "otherWidth": b.width, "otherHeight": b.height,
                      "equal": equal, "centre": centre, "corner": corner}))
    """

    static func compare(_ path: String, with other: String, pitch: Int, lit: [Int]) async throws -> Outcome {
        let result = try await runCommand(Pillow.python, ["-c", script, path, other, String(pitch), "\(lit)"], timeout: 60)
        guard result.status == 0 else { throw E2EFailure("Pillow could not compare \(path): \(result.stderr)") }
        return try JSONDecoder().decode(Outcome.self, from: result.stdoutData)
    }
}
