import MarqueeCore

/// The `--help` text, generated from ``OptionTable`` and ``KeyBindings`` so
/// that it lists every option and key there is, and fits 80 columns.
enum Usage {
    static let width = 80
    /// Where summaries start; names that reach it put theirs on the next line.
    static let summaryColumn = 26

    static var text: String {
        var lines = [
            "Usage: ledmarquee [OPTIONS] [MESSAGE ...]",
            "       ledmarquee [OPTIONS] -f FILE",
            "       ledmarquee [OPTIONS]            (plays the built-in demo deck)",
            "       ledmarquee send [--name NAME | --control PATH] COMMAND [ARGS]",
            "",
            "Turns the terminal into a scrolling LED sign.",
            "",
            "Options:",
        ]
        lines += OptionTable.all.flatMap(optionLines)
        lines.append("")
        lines += wrap("Options are read from $XDG_CONFIG_HOME/ledmarquee/config (else "
                      + "~/.config/ledmarquee/config), one a line (seconds = 8), then from the command line, "
                      + "which wins. See ledmarquee(1).", width: width)
        lines += ["", "Keys:"]
        lines += KeyBindings.helpLines.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `  -c, --color, --colour C   summary (default red)`, wrapped.
    static func optionLines(_ spec: OptionSpec) -> [String] {
        var names = spec.short.map { "-\($0), " } ?? "    "
        names += ([spec.long] + spec.aliases).map { "--" + $0 }.joined(separator: ", ")
        if let placeholder = spec.placeholder { names += " " + placeholder }
        var summary = spec.summary
        if let defaultText = spec.defaultText { summary += " (default \(defaultText))" }
        let left = "  " + names
        let indent = String(repeating: " ", count: summaryColumn)
        var body = wrap(summary, width: width - summaryColumn)
        var lines: [String] = []
        if left.count + 2 <= summaryColumn {
            lines.append(left + String(repeating: " ", count: summaryColumn - left.count) + body.removeFirst())
        } else {
            lines.append(left)
        }
        return lines + body.map { indent + $0 }
    }

    /// Words of `text` in lines of at most `width` columns (a longer word
    /// has a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if TerminalText.cellWidth(of: line) + 1 + TerminalText.cellWidth(of: String(word)) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + [line]
    }
}
