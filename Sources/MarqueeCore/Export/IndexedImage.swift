/// A picture whose every pixel is an index into a palette of at most 256
/// colours: what GIF and palette PNG store, so an exported frame goes to
/// the encoder as it is. Here an index is an `Ink.code` (0, `Ink.plain`,
/// the dark gap), the palette the colours of those inks.
public struct IndexedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row by row, `width` a row.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: UInt8 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: fill, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The smallest rectangle holding every pixel that differs from
    /// `other` (of the same size), nil when none does: a GIF frame stores
    /// only that part of the picture.
    public func changedRegion(since other: IndexedImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard other.width == width, other.height == height else { return (0, 0, width, height) }
        var (left, right, top, bottom) = (width, -1, height, -1)
        pixels.withUnsafeBufferPointer { mine in
            other.pixels.withUnsafeBufferPointer { theirs in
                for y in 0..<height {
                    let start = y * width
                    var first = -1, last = -1
                    for x in 0..<width where mine[start + x] != theirs[start + x] {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    left = min(left, first)
                    right = max(right, last)
                    if top == height { top = y }
                    bottom = y
                }
            }
        }
        guard right >= 0 else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    /// The pixels of a rectangle, row by row; those equal in `other` become
    /// `transparent`, so the encoder stores runs of one index where the
    /// picture did not change.
    public func region(x: Int, y: Int, width w: Int, height h: Int, unchangedFrom other: IndexedImage?,
                       transparent: UInt8) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            let source = (y + row) * width + x
            for column in 0..<w {
                let pixel = pixels[source + column]
                out[row * w + column] = other.map { $0.pixels[source + column] == pixel } == true ? transparent : pixel
            }
        }
        return out
    }
}
