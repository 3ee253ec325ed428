/// How a message's inline markup travels inside its text, from the cue
/// that read the tags to the layout that draws them: each tag becomes a
/// marker, U+FDD0 followed by U+100000 + the ``MarkupStyle`` in effect from
/// there on. U+FDD0 is a Unicode noncharacter, kept for a program's own use:
/// message text never carries one (``TerminalText/sanitize(_:keepsMarkup:)``
/// drops them, and a field's value loses them before it is put in), so no
/// text a user, a file or a feed sends can make a marker; only a tag can.
///
/// The markers ride along wherever the message text goes (fields filled in,
/// words wrapped at rest), and everything that shows the text as text —
/// captions, the plain-text fallback, the status reply, event records —
/// shows it with them removed (``plain(_:)``).
///
/// ```swift
/// let text = MarkupText.marker(MarkupStyle(color: nil, blinks: true)) + "SALE" + MarkupText.marker(.plain)
/// MarkupText.plain(text)   // "SALE"
/// ```
public enum MarkupText {
    /// The noncharacter that starts a marker.
    /// (Swift takes no noncharacter in a literal.)
    static let escape = Unicode.Scalar(0xFDD0 as UInt32)!
    /// The first scalar of a marker's style: plane 16's private use area.
    static let styleBase: UInt32 = 0x10_0000

    /// The marker that sets `style` from here on.
    public static func marker(_ style: MarkupStyle) -> String {
        var view = String.UnicodeScalarView()
        view.append(escape)
        view.append(Unicode.Scalar(styleBase + UInt32(style.rawValue))!)
        return String(view)
    }

    /// Whether `text` holds any marker (one pass over its UTF-8, no copy).
    public static func hasMarkers(_ text: String) -> Bool {
        // U+FDD0 is EF B7 90: its last two bytes never start a scalar.
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if previous == (0xEF, 0xB7), byte == 0x90 { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// `text` with its markers removed: the message as text.
    public static func plain(_ text: String) -> String {
        guard hasMarkers(text) else { return text }
        var result = String.UnicodeScalarView()
        forEach(in: text) { scalar, _ in result.append(scalar) }
        return String(result)
    }

    /// Whether any span of `text` blinks.
    public static func blinks(_ text: String) -> Bool {
        guard hasMarkers(text) else { return false }
        var blinks = false
        forEachMarker(in: text) { blinks = blinks || $0.blinks }
        return blinks
    }

    /// Calls `body` with each scalar of `text` that is not part of a marker
    /// and the style it is drawn in.
    static func forEach(in text: String, _ body: (Unicode.Scalar, MarkupStyle) -> Void) {
        var style = MarkupStyle.plain
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == escape else {
                body(scalar, style)
                continue
            }
            guard let value = iterator.next() else { break }
            style = MarkupStyle(rawValue: UInt8(truncatingIfNeeded: value.value &- styleBase))
        }
    }

    /// `text` cut into runs of one style each, in order, markers removed:
    /// what a layout composes and reorders (``VisualText``).
    static func runs(_ text: String) -> [(text: String, style: MarkupStyle)] {
        var runs: [(text: String, style: MarkupStyle)] = []
        var current = String.UnicodeScalarView()
        var currentStyle = MarkupStyle.plain
        forEach(in: text) { scalar, style in
            if style != currentStyle {
                if !current.isEmpty { runs.append((String(current), currentStyle)) }
                current = String.UnicodeScalarView()
                currentStyle = style
            }
            current.append(scalar)
        }
        if !current.isEmpty { runs.append((String(current), currentStyle)) }
        return runs
    }

    /// The words of `text` (split at spaces), each starting with the
    /// marker of the style in effect where it starts, so a word laid out
    /// on a line of its own (a message wrapped at rest) keeps its span's
    /// colour.
    static func words(_ text: String) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard hasMarkers(text) else { return words }
        var style = MarkupStyle.plain
        return words.map { word in
            let carried = style == .plain ? word : marker(style) + word
            forEachMarker(in: word) { style = $0 }
            return carried
        }
    }

    /// Calls `body` with the style of each marker in `text`, in order.
    private static func forEachMarker(in text: String, _ body: (MarkupStyle) -> Void) {
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == escape, let value = iterator.next() {
                body(MarkupStyle(rawValue: UInt8(truncatingIfNeeded: value.value &- styleBase)))
            }
        }
    }
}
