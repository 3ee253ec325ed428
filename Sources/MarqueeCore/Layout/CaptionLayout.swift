/// Where a caption's words go: one or two rows wrapped at word boundaries,
/// or, longer still, one scrolling line. A caption is never cut mid-word.
///
/// ```swift
/// CaptionLayout.lines(for: "A short caption", width: 80)   // ["A short caption"]
/// CaptionLayout.lines(for: longText, width: 20)             // nil: it scrolls
/// ```
public enum CaptionLayout {
    /// The caption wrapped onto at most `rows` rows of `width` cells, or nil
    /// when it needs more (or a word is wider than a row). Reads no further
    /// into the caption than those rows reach.
    public static func lines(for caption: TerminalLine, width: Int, rows: Int = 2) -> [String]? {
        guard width > 0 else { return nil }
        if caption.width <= width { return [caption.text] }
        let lines = WordWrap.text(caption.text, width: width, maxLines: rows + 1)
        guard lines.count <= rows, lines.allSatisfy({ TerminalText.cellWidth(of: $0) <= width }) else { return nil }
        return lines
    }

    /// Gap between the end of a scrolling caption and its next start.
    public static let scrollGap: TerminalLine = "   ·   "
}
