/// `scan`: a bright cursor bar sweeps from left to right across the sign,
/// leaving the message behind it (leaving: taking it away again, from the
/// right).
enum Scan {
    static func frame(source: ModeCanvas, shown: Double) -> ModeCanvas {
        let edge = Int((shown * Double(source.columns)).rounded(.down))
        var canvas = source.masked { column, _ in column < edge }
        for row in 0..<source.rows { canvas[edge, row] = .lit }
        return canvas
    }
}
