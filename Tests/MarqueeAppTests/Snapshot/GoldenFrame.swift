import MarqueeCore

/// A frame written out for a golden file: its title, the cells' text, then
/// one character per cell for the foreground's ink and, when any cell has
/// one, the background's (`.` the terminal's own colour, `u` an unlit LED,
/// `1` `2` `3` the steps between, `L` lit, `*` a colour glyph's LED in its
/// own colour, `n` `d` `b` plain text's tones),
/// so a diff shows which LEDs changed shade as well as which glyphs.
enum GoldenFrame {
    static func text(_ frame: FrameModel, title: String) -> String {
        var out = title + "\n" + frame.text + "\nforeground\n"
        var background = "background\n"
        var anyBackground = false
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let cell = frame[row, column]
                out.append(code(cell.foreground))
                background.append(code(cell.background))
                if cell.background != .plain { anyBackground = true }
            }
            out.append("\n")
            background.append("\n")
        }
        return anyBackground ? out + background : out
    }

    static func code(_ ink: Ink) -> Character {
        switch ink {
        case .plain: "."
        case .led(let shade, _): ["u", "1", "2", "3", "L"][Int(shade.rawValue)]
        case .pixel: "*"
        case .text(let tone): ["n", "d", "b"][Int(tone.rawValue)]
        }
    }
}
