import MarqueeCore
import Testing

/// What a GIF frame stores (docs/export.md, "GIF"): the rectangle that
/// changed, its unchanged pixels transparent.
@Suite("Indexed image")
struct IndexedImageTests {
    @Test("the changed region is the smallest rectangle holding every changed pixel; none when equal")
    func changedRegion() {
        let before = IndexedImage(width: 10, height: 6)
        var after = before
        #expect(after.changedRegion(since: before) == nil)
        after[3, 1] = 5
        after[7, 4] = 6
        let region = after.changedRegion(since: before)
        #expect(region?.x == 3 && region?.y == 1 && region?.width == 5 && region?.height == 4)
    }

    @Test("a region's pixels equal to the frame before are the transparent index")
    func transparent() {
        let before = IndexedImage(width: 4, height: 2, fill: 1)
        var after = before
        after[1, 0] = 2
        after[2, 1] = 3
        let pixels = after.region(x: 1, y: 0, width: 2, height: 2, unchangedFrom: before, transparent: 200)
        #expect(pixels == [2, 200, 200, 3])
        #expect(after.region(x: 1, y: 0, width: 2, height: 2, unchangedFrom: nil, transparent: 200) == [2, 1, 1, 3])
    }
}
