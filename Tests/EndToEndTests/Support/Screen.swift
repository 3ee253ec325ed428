import Foundation

/// One character cell of a captured pane and its colours.
struct Cell: Equatable {
    var character: Character
    /// 0...255 for palette colours, `Screen.directColor` for 24-bit, nil for default.
    var foreground: Int?
    /// The same for the background.
    var background: Int? = nil
}

/// A LED position on screen: terminal row and column.
struct Spot: Hashable, Comparable {
    var row: Int
    var column: Int
    static func < (a: Spot, b: Spot) -> Bool { (a.row, a.column) < (b.row, b.column) }
}

/// A pane captured with `capture-pane -p -e`, decoded into cells. The SGR
/// state carries from line to line, as it would in a terminal.
struct Screen: Equatable {
    static let directColor = 1_000
    /// The bright and dim reds of the default colour in a 256-colour terminal.
    static let litRed = 196
    static let unlitRed = 52

    var rows: [[Cell]]

    init(ansi: String) {
        var rows: [[Cell]] = []
        var current: [Cell] = []
        var colours = Colours()
        let scalars = Array(ansi.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                rows.append(current)
                current = []
                index += 1
            } else if scalar == "\u{1B}" {
                index += 1
                guard index < scalars.count else { break }
                if scalars[index] == "[" {
                    index += 1
                    var parameters = ""
                    while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) {
                        parameters.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    if index < scalars.count, scalars[index] == "m" {
                        colours.apply(sgr: parameters)
                    }
                    index += 1
                } else if scalars[index] == "]" {
                    // OSC (e.g. hyperlinks): skip to BEL or ST.
                    while index < scalars.count, scalars[index] != "\u{07}", scalars[index] != "\u{1B}" { index += 1 }
                    index += scalars.count > index && scalars[index] == "\u{1B}" ? 2 : 1
                } else {
                    index += 1
                }
            } else {
                current.append(Cell(character: Character(scalar), foreground: colours.foreground, background: colours.background))
                index += 1
            }
        }
        if !current.isEmpty { rows.append(current) }
        self.rows = rows
    }

    /// The colours an SGR sequence leaves set, carried from cell to cell.
    private struct Colours {
        var foreground: Int?
        var background: Int?

        mutating func apply(sgr: String) {
            let codes = sgr.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            var index = 0
            while index < codes.count {
                let code = codes[index]
                switch code {
                case 0: foreground = nil; background = nil
                case 30...37: foreground = code - 30
                case 90...97: foreground = code - 90 + 8
                case 39: foreground = nil
                case 40...47: background = code - 40
                case 100...107: background = code - 100 + 8
                case 49: background = nil
                case 38, 48:
                    var colour: Int?
                    if index + 2 < codes.count, codes[index + 1] == 5 {
                        colour = codes[index + 2]
                        index += 2
                    } else if index + 4 < codes.count, codes[index + 1] == 2 {
                        colour = Screen.directColor
                        index += 4
                    }
                    if let colour {
                        if code == 38 { foreground = colour } else { background = colour }
                    }
                default: break
                }
                index += 1
            }
        }
    }

    /// The screen as plain text lines, trailing spaces removed.
    var lines: [String] {
        rows.map { row in
            var line = String(row.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    var text: String { lines.joined(separator: "\n") }

    /// Line `index` as text, "" past the end.
    func line(_ index: Int) -> String {
        let all = lines
        return index < all.count ? all[index] : ""
    }

    func contains(_ needle: String) -> Bool { lines.contains { $0.contains(needle) } }

    /// The first `count` rows (the LED area of a 30-row pane is rows 0..<28).
    func top(_ count: Int) -> [[Cell]] { Array(rows.prefix(count)) }

    /// Lit LEDs (`●` in the bright red) in the first `panelRows` rows.
    func litLEDs(panelRows: Int, litColor: Int = Screen.litRed) -> Set<Spot> {
        var spots = Set<Spot>()
        for (r, row) in rows.prefix(panelRows).enumerated() {
            for (c, cell) in row.enumerated() where cell.character == "●" && cell.foreground == litColor {
                spots.insert(Spot(row: r, column: c))
            }
        }
        return spots
    }

    /// Cells of the first `panelRows` rows that hold `character`, with their colour.
    func cells(of character: Character, panelRows: Int) -> [(Spot, Int?)] {
        var found: [(Spot, Int?)] = []
        for (r, row) in rows.prefix(panelRows).enumerated() {
            for (c, cell) in row.enumerated() where cell.character == character {
                found.append((Spot(row: r, column: c), cell.foreground))
            }
        }
        return found
    }

    /// How full a bar of block characters on `row` is, in cells (partial
    /// blocks count their eighths).
    func barLength(row: Int) -> Double {
        guard row < rows.count else { return 0 }
        let eighths: [Character: Double] = ["█": 8, "▉": 7, "▊": 6, "▋": 5, "▌": 4, "▍": 3, "▎": 2, "▏": 1]
        return rows[row].reduce(0) { $0 + (eighths[$1.character] ?? 0) } / 8
    }

    /// A compact picture of the LED area for failure messages (`#` lit, `.` unlit).
    func sketch(panelRows: Int) -> String {
        rows.prefix(panelRows).map { row in
            String(row.map { cell -> Character in
                switch (cell.character, cell.foreground) {
                case ("●", Screen.litRed): "#"
                case ("●", _), ("·", _): "."
                default: cell.character
                }
            })
        }.joined(separator: "\n")
    }
}

/// How far a LED picture moved between two captures.
struct Shift: CustomStringConvertible {
    /// Terminal columns moved to the left (negative: to the right).
    var left: Int
    /// Fraction of lit LEDs in the overlap that match after the shift.
    var score: Double
    var matched: Int
    var description: String { "shift \(left) columns left, score \(String(format: "%.2f", score)), \(matched) LEDs matched" }

    /// The shift in -maxShift...maxShift that best maps `before` onto `after`
    /// on a screen `width` columns wide. Ties prefer the smaller move.
    /// The two pictures must overlap on at least half the width, so a few
    /// LEDs at an edge cannot win by chance.
    static func best(from before: Set<Spot>, to after: Set<Spot>, width: Int) -> Shift {
        var best = Shift(left: 0, score: -1, matched: 0)
        let maxShift = width / 2
        for distance in -maxShift...maxShift {
            // A spot at column c before is at c - distance after; compare where both are on screen.
            let low = max(0, distance), high = min(width, width + distance)
            guard high - low >= width / 2 else { continue }
            let beforeIn = before.filter { $0.column >= low && $0.column < high }
            let afterIn = after.filter { $0.column + distance >= low && $0.column + distance < high }
            let denominator = max(beforeIn.count, afterIn.count)
            guard denominator >= 6 else { continue }
            let matched = beforeIn.filter { after.contains(Spot(row: $0.row, column: $0.column - distance)) }.count
            let score = Double(matched) / Double(denominator)
            if score > best.score + 1e-9 || (abs(score - best.score) < 1e-9 && abs(distance) < abs(best.left)) {
                best = Shift(left: distance, score: score, matched: matched)
            }
        }
        return best
    }
}
