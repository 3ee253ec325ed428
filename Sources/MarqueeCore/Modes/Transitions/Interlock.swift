/// `interlock`: the even rows slide in from the left and the odd rows from
/// the right, meeting in the message (leaving: parting again).
enum Interlock {
    static func frame(source: ModeCanvas, shown: Double) -> ModeCanvas {
        let distance = Int(((1 - shown) * Double(source.columns)).rounded())
        var canvas = source.blank
        for row in 0..<source.rows {
            let dx = row % 2 == 0 ? -distance : distance
            for column in 0..<source.columns {
                canvas[column, row] = source[column - dx, row]
            }
        }
        return canvas
    }
}
