import MarqueeCore
import MarqueeTerminal

/// One LED of the panel: panel row and column.
struct LEDSpot: Hashable, CustomStringConvertible {
    var row: Int
    var column: Int
    var description: String { "(\(row), \(column))" }
}

/// A colour as the eye sees it: a palette or RGB number looks the same as
/// foreground or background; the terminal's default colours do not.
enum Paint: Hashable {
    case colour(Int)
    case defaultForeground
    case defaultBackground

    init(foreground number: Int) { self = number >= 0 ? .colour(number) : .defaultForeground }
    init(background number: Int) { self = number >= 0 ? .colour(number) : .defaultBackground }
}

/// What the eye sees of one LED: the shape drawn where it stands and the
/// colours showing there. Bold and dim are left out on purpose: the rule
/// under test does not accept them as the difference between lit and unlit.
struct Look: Hashable, CustomStringConvertible {
    var shape: String
    var paints: [Paint]
    var description: String { "\(shape) \(paints)" }
}

/// Reads composed frames back as LEDs, by how each style's glyphs cover a
/// cell, so a test can compare what lit and unlit LEDs look like.
enum LEDLooks {
    /// The LEDs the model lit, read from a frame drawn in full colour with
    /// Unicode glyphs (where every LED's shade is its ink).
    static func litLEDs(in frame: FrameModel, scene: MarqueeScene) -> Set<LEDSpot> {
        var lit = Set<LEDSpot>()
        let geometry = scene.geometry
        for row in 0..<geometry.ledAreaRows {
            for column in 0..<cellColumns(scene) {
                let cell = frame[geometry.ledAreaTop + row, column]
                switch scene.style {
                case .dots, .blocks:
                    if isLit(cell.foreground) { lit.insert(LEDSpot(row: row, column: column / 2)) }
                case .half:
                    if isLit(cell.foreground) { lit.insert(LEDSpot(row: row * 2, column: column)) }
                    if isLit(cell.background) { lit.insert(LEDSpot(row: row * 2 + 1, column: column)) }
                case .braille:
                    guard isLit(cell.foreground) else { continue }
                    for (spot, dotSet) in brailleDots(cell.scalar, row: row, column: column) where dotSet {
                        lit.insert(spot)
                    }
                }
            }
        }
        return lit
    }

    /// What every LED of `frame` looks like once `colors` resolved its inks.
    static func looks(of frame: FrameModel, scene: MarqueeScene, colors: InkColors) -> [LEDSpot: Look] {
        var looks: [LEDSpot: Look] = [:]
        let geometry = scene.geometry
        for row in 0..<geometry.ledAreaRows {
            for column in 0..<cellColumns(scene) {
                let cell = frame[geometry.ledAreaTop + row, column]
                let resolved = colors.resolve(foreground: cell.foreground, background: cell.background)
                let ink = Paint(foreground: resolved.foreground)
                let paper = Paint(background: resolved.background)
                switch scene.style {
                case .dots, .blocks:
                    // The LED's own cell; the second is the gap (or a copy).
                    if column % 2 == 0 {
                        looks[LEDSpot(row: row, column: column / 2)] = Look(shape: String(cell.scalar), paints: [ink, paper])
                    }
                case .half:
                    let (upper, lower) = halfCover(cell.scalar)
                    looks[LEDSpot(row: row * 2, column: column)] = area(covered: upper, ink: ink, paper: paper, glyph: cell.scalar)
                    looks[LEDSpot(row: row * 2 + 1, column: column)] = area(covered: lower, ink: ink, paper: paper, glyph: cell.scalar)
                case .braille:
                    let known = cell.scalar == " " || (0x2800...0x28FF).contains(cell.scalar.value)
                    for (spot, dotSet) in brailleDots(cell.scalar, row: row, column: column) {
                        looks[spot] = !known ? Look(shape: "unexpected \(cell.scalar)", paints: [ink, paper])
                            : dotSet ? Look(shape: "dot", paints: [ink]) : Look(shape: "area", paints: [paper])
                    }
                }
            }
        }
        return looks
    }

    private static func cellColumns(_ scene: MarqueeScene) -> Int {
        scene.geometry.panelColumns * scene.style.halfCellsPerLED / 2
    }

    private static func isLit(_ ink: Ink) -> Bool {
        if case .led(.lit, _) = ink { return true }
        return false
    }

    /// Whether the upper and the lower half of a cell show the foreground;
    /// nil for a glyph that is no half-block composition.
    private static func halfCover(_ scalar: Unicode.Scalar) -> (upper: Bool?, lower: Bool?) {
        switch scalar {
        case "▀": (true, false)
        case "▄": (false, true)
        case "█": (true, true)
        case " ": (false, false)
        default: (nil, nil)
        }
    }

    /// A half cell is a solid area in the colour that shows there.
    private static func area(covered: Bool?, ink: Paint, paper: Paint, glyph: Unicode.Scalar) -> Look {
        guard let covered else { return Look(shape: "unexpected \(glyph)", paints: [ink, paper]) }
        return Look(shape: "area", paints: [covered ? ink : paper])
    }

    /// The eight LEDs of a braille cell and whether each one's dot is drawn
    /// (none for a space or any glyph outside the braille block).
    private static func brailleDots(_ scalar: Unicode.Scalar, row: Int, column: Int) -> [(LEDSpot, Bool)] {
        let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        let pattern = (0x2800...0x28FF).contains(scalar.value) ? scalar.value - 0x2800 : 0
        var dots: [(LEDSpot, Bool)] = []
        for dx in 0..<2 {
            for dy in 0..<4 {
                dots.append((LEDSpot(row: row * 4 + dy, column: column * 2 + dx), pattern & bits[dx][dy] != 0))
            }
        }
        return dots
    }
}
