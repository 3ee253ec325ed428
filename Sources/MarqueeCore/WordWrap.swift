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

    /// Ink width of one wrapped line.
    public static func inkWidth(of line: [Int], widths: [Int], advances: [Int], space: Int) -> Int {
        guard let last = line.last else { return 0 }
        return line.dropLast().reduce(0) { $0 + advances[$1] + space } + widths[last]
    }

    /// Plain text wrapped at spaces into lines of at most `width` cells. A
    /// word wider than `width` stands alone on its line.
    ///
    /// ```swift
    /// WordWrap.text("See: recursion, again", width: 10)   // ["See:", "recursion,", "again"]
    /// ```
    public static func text(_ text: String, width: Int) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let widths = words.map { TerminalText.cellWidth(of: $0) }
        guard let lines = lines(widths: widths, advances: widths, space: 1, limit: max(1, width), allowOverflow: true) else {
            return []
        }
        return lines.map { $0.map { words[$0] }.joined(separator: " ") }
    }
}
