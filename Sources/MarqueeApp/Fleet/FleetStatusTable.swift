import MarqueeCore

/// `send --mqtt … status` for a person (docs/fleet.md): one row a sign,
/// by name — whether it is online, when it was last seen, what it shows,
/// its link — in columns. Every cell is anyone's text on the broker:
/// escaped, and cut to ``maximumCell`` characters.
enum FleetStatusTable {
    static let header = ["NAME", "ONLINE", "LAST SEEN", "SHOWING", "LINK"]
    static let maximumCell = 40

    /// `statuses`: each sign's retained status by name; one that is not a
    /// JSON object shows as unreadable.
    static func render(_ statuses: [String: [UInt8]]) -> [String] {
        let rows = [header] + statuses.keys.sorted().map { name in
            row(name: name, FleetStatus.Reading(statuses[name]!))
        }
        let widths = header.indices.map { column in rows.map { TerminalText.cellWidth(of: $0[column]) }.max() ?? 0 }
        return rows.map { cells in
            var line = ""
            for (column, cell) in cells.enumerated() {
                guard column < cells.count - 1 else {
                    line += cell
                    break
                }
                line += cell + String(repeating: " ", count: widths[column] - TerminalText.cellWidth(of: cell) + 2)
            }
            return String(line.trimmingTrailingWhitespace())
        }
    }

    private static func row(name: String, _ reading: FleetStatus.Reading?) -> [String] {
        guard let reading else { return [cell(name), "?", "-", "(not a status)", "-"] }
        let seen: String
        if reading.online {
            seen = "now"
        } else if let at = reading.at {
            // 2026-12-02T11:03:30.123Z, shown to the second.
            seen = at.count == 24 && at.hasSuffix("Z") ? String(at.prefix(19).map { $0 == "T" ? " " : $0 }) + " UTC" : at
        } else {
            // The broker's Last Will: the sign vanished without saying when.
            seen = "lost"
        }
        var showing = "-"
        if reading.online, let text = reading.text {
            let position = reading.index.flatMap { index in reading.count.map { "\(index + 1)/\($0) " } } ?? ""
            showing = position + text
        }
        return [cell(name), reading.online ? "yes" : "no", cell(seen), cell(showing), cell(reading.online ? reading.link ?? "-" : "-")]
    }

    private static func cell(_ text: String) -> String {
        let shown = TerminalText.visible(text.count > maximumCell ? String(text.prefix(maximumCell - 1)) + "…" : text)
        return shown.count > maximumCell * 2 ? String(shown.prefix(maximumCell * 2)) : shown
    }
}
