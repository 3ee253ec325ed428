/// `typewriter`: letter by letter (the canvas's runs of lit columns, left
/// to right), a cursor bar standing after the last letter typed. Leaving,
/// the letters go again from the last.
enum Typewriter {
    static func frame(source: ModeCanvas, shown: Double) -> ModeCanvas {
        let runs = source.litRuns
        guard !runs.isEmpty, let bounds = source.litBounds else { return source.blank }
        let typed = min(runs.count, Int((shown * Double(runs.count)).rounded(.down)))
        let edge = typed == 0 ? runs[0].lowerBound : runs[typed - 1].upperBound
        var canvas = source.masked { column, _ in column < edge }
        // The cursor: a bar of one LED, a dark LED after the last letter.
        let cursor = typed == 0 ? edge : edge + 1
        if typed < runs.count {
            for row in bounds.rows { canvas[cursor, row] = .lit }
        }
        return canvas
    }
}
