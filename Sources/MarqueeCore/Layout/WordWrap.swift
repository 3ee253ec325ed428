/// Greedy word wrapping on measured widths: the fewest lines, each as full
/// as it can be, breaking only between words. Shared by the LED rest layout
/// (pixel widths) and plain terminal text (cell widths).
///
/// ```swift
/// WordWrap.lines(widths: [5, 2], advances: [6, 3], space: 3, limit: 6, allowOverflow: false)
/// // [[0], [1]]: "BUILD" / "OK"
/// ```
public enum WordWrap {
    /// Word indices per line, or nil when a word is wider than `limit` and
    /// `allowOverflow` is false. With `allowOverflow`, such a word stands
    /// alone on its line (and is cut when drawn). `widths` are the words'
    /// ink widths, `advances` their widths including trailing spacing.
    public static func lines(widths: [Int], advances: [Int], space: Int, limit: Int, allowOverflow: Bool) -> [[Int]]? {
        var lines: [[Int]] = []
        var current: [Int] = []
        // Advance of the current line so far, and its ink width.
        var advance = 0
        for index in widths.indices {
            if widths[index] > limit, !allowOverflow { return nil }
            if current.isEmpty {
                current = [index]
                advance = advances[index]
                continue
            }
            let candidateInk = advance + space + widths[index]
            if candidateInk <= limit {
                current.append(index)
                advance += space + advances[index]
            } else {
                lines.append(current)
                current = [index]
                advance = advances[index]
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Plain text wrapped at spaces into lines of at most `width` cells. A
    /// word wider than `width` stands alone on its line. At most `maxLines`
    /// lines are made: the text is read only as far as they reach, so
    /// showing the first rows of a long text does not cost its length.
    ///
    /// ```swift
    /// WordWrap.text("See: recursion, again", width: 10)   // ["See:", "recursion,", "again"]
    /// ```
    public static func text(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        let limit = max(1, width)
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var lineWidth = 0
        var word = String.UnicodeScalarView()
        var wordWidth = 0
        // Puts the word read so far on the line, or on a new one; false once
        // `maxLines` lines are full and another would begin.
        func place() -> Bool {
            defer {
                word = String.UnicodeScalarView()
                wordWidth = 0
            }
            guard !word.isEmpty else { return true }
            if !line.isEmpty, lineWidth + 1 + wordWidth <= limit {
                line.append(" ")
                line.append(contentsOf: word)
                lineWidth += 1 + wordWidth
                return true
            }
            if !line.isEmpty {
                lines.append(String(line))
                if lines.count >= maxLines { return false }
            }
            line = word
            lineWidth = wordWidth
            return true
        }
        for scalar in text.unicodeScalars {
            if scalar == " " {
                guard place() else { return lines }
            } else {
                word.append(scalar)
                wordWidth += TerminalText.cellWidth(scalar)
            }
        }
        guard place() else { return lines }
        if !line.isEmpty, lines.count < maxLines { lines.append(String(line)) }
        return lines
    }
}
