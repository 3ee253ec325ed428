/// `slide`: letter by letter (the canvas's runs of lit columns, left to
/// right), each sliding in from the right edge to its place while the
/// ones before it stand. Leaving, the last letter slides out first.
enum Slide {
    static func frame(source: ModeCanvas, shown: Double) -> ModeCanvas {
        let runs = source.litRuns
        guard !runs.isEmpty else { return source.blank }
        let position = shown * Double(runs.count)
        let placed = min(runs.count, Int(position.rounded(.down)))
        var canvas = source.masked { column, _ in placed > 0 && column < runs[placed - 1].upperBound }
        guard placed < runs.count else { return canvas }
        // The moving letter, between the right edge and its place.
        let run = runs[placed]
        let travel = Double(source.columns - run.lowerBound)
        let dx = Int(((1 - (position - Double(placed))) * travel).rounded())
        for column in run {
            for row in 0..<source.rows where source.isLit(column, row) {
                canvas[column + dx, row] = .lit
            }
        }
        return canvas
    }
}
