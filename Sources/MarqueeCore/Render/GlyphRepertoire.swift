/// Which characters the terminal's font can draw. The sign takes its LED,
/// countdown and status-line glyphs from what the repertoire has, so nothing
/// it draws turns into the font's replacement box.
public enum GlyphRepertoire: String, Sendable, Hashable, CaseIterable {
    /// A terminal emulator with ordinary Unicode fonts: block elements,
    /// partial blocks and braille are all there.
    case unicode
    /// The Linux virtual console. Debian's console fonts (console-setup's
    /// `Uni2-*` and `Lat15-*`) have `█ ░ ▒ ■ ● · ▶ ← →` and box drawing, but
    /// no half blocks (`▀ ▄`), no partial blocks (`▏…▉`), no braille, and
    /// the Lat15 ones no `‖`.
    case linuxConsole

    /// The repertoire of the terminal `TERM` names: `linux` and its variants
    /// (`linux-16color`, `linux-m`, `linux2.6`, ...) are the console, whose
    /// font is loaded into the kernel; anything else is taken to be an
    /// emulator drawing with the desktop's Unicode fonts.
    public init(term: String?) {
        self = (term ?? "").hasPrefix("linux") ? .linuxConsole : .unicode
    }

    /// The style drawn when `style` is asked for. The console can draw
    /// neither half blocks nor braille: half becomes blocks (the same square
    /// LED, one row tall and two columns wide instead of half a row by one
    /// column, so the same look at half the resolution) and braille becomes
    /// dots (small round LEDs, like braille's dots, only larger).
    public func drawableStyle(_ style: LEDStyle) -> LEDStyle {
        guard self == .linuxConsole else { return style }
        switch style {
        case .dots, .blocks: return style
        case .half: return .blocks
        case .braille: return .dots
        }
    }

    /// The countdown bar's last, partly filled cell for `eighths` (1…7) of a
    /// cell. Unicode has a block for each eighth; the console only whole-cell
    /// shades, so a little is `░` and half or more is `▒`.
    public func partialBarCell(eighths: Int) -> Unicode.Scalar {
        switch self {
        case .unicode:
            let partials: [Unicode.Scalar] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
            return partials[min(max(eighths, 1), 7) - 1]
        case .linuxConsole:
            return eighths < 4 ? "░" : "▒"
        }
    }

    /// `text` for the controls line and the help overlay, with the program's
    /// own symbols that the console fonts lack spelled with ones they have.
    public func spell(_ text: String) -> String {
        guard self == .linuxConsole, text.unicodeScalars.contains(where: { GlyphRepertoire.consoleSpellings[$0] != nil }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            if let spelling = GlyphRepertoire.consoleSpellings[scalar] {
                result += spelling
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Status-line symbols missing from some console font, and what stands in.
    static let consoleSpellings: [Unicode.Scalar: String] = ["‖": "||"]
}
