/// Makes untrusted text safe and measurable for a terminal: messages and
/// captions come from files and pipes, so control characters and escape
/// sequences must never reach the terminal.
public enum TerminalText {
    /// Removes escape sequences (CSI, OSC, DCS and two-byte ESC forms), C0
    /// and C1 controls, DEL and bidi overrides; turns tabs and line breaks
    /// into spaces.
    ///
    /// ```swift
    /// TerminalText.sanitize("ON\u{1B}[31m AIR\u{7}")   // "ON AIR"
    /// ```
    ///
    /// U+FDD0, the noncharacter that starts an inline markup marker
    /// (``MarkupText``), is dropped too, unless `keepsMarkup` (a cue's own
    /// filled-in text, whose markers its tags made).
    public static func sanitize(_ text: String) -> String {
        sanitize(text, keepsMarkup: false)
    }

    /// ``sanitize(_:)``, keeping inline markup's markers when `keepsMarkup`.
    public static func sanitize(_ text: String, keepsMarkup: Bool) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x2028, 0x2029:
                result.append(" ")
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B:
                skipControlSequenceBody(&scalars)
            case 0x90, 0x9D, 0x9E, 0x9F, 0x98:
                skipStringBody(&scalars)
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
                continue
            case 0xFDD0 where !keepsMarkup:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with every character a terminal would act on shown as an
    /// escape instead (`\e`, `\n`, `\x07`, `\u{202E}`, `\u{200B}`), for messages that
    /// quote what the user typed or a file held: an error line must show a
    /// bad value, not run it.
    ///
    /// ```swift
    /// TerminalText.visible("neon\u{1B}[2J")   // "neon\\e[2J"
    /// ```
    public static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: result += "\\e"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00...0x1F, 0x7F...0x9F:
                result += "\\x" + hex(scalar.value, digits: 2)
            case 0x2028, 0x2029:
                result += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default:
                // Format characters (bidi overrides and isolates, zero-width
                // spaces and joiners, the BOM) reorder or hide what follows.
                if scalar.properties.generalCategory == .format {
                    result += "\\u{" + hex(scalar.value, digits: 4) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let introducer = scalars.next() else { return }
        switch introducer {
        case "[": skipControlSequenceBody(&scalars)
        case "]", "P", "X", "^", "_": skipStringBody(&scalars)
        default: return  // two-character sequence such as ESC c: both dropped
        }
    }

    /// CSI: parameters and intermediates up to a final byte in 0x40…0x7E.
    private static func skipControlSequenceBody(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) { return }
        }
    }

    /// OSC/DCS and friends: up to BEL or String Terminator (ESC \ or 0x9C).
    private static func skipStringBody(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B: _ = scalars.next(); return
            default: continue
            }
        }
    }

    /// Terminal cells a scalar takes: 0 for combining marks and joiners, 2 for
    /// East Asian wide and emoji, else 1. An approximation of `wcwidth` that
    /// needs no locale, so the model can lay out text without the terminal.
    public static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if isZeroWidth(scalar) { return 0 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Combining marks, joiners and variation selectors take no terminal cell
    /// of their own: the terminal draws a mark on the cell before it. (The
    /// LED layout decides for itself what to overlay or skip.)
    public static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        return (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }

    /// Total cells of a string.
    public static func cellWidth(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cellWidth($1) }
    }
}
