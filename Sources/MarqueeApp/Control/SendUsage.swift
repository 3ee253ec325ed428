/// The text `ledmarquee send --help` prints, generated from
/// ``RemoteCommandTable`` so that it lists every command there is, with its
/// arguments; docs/control.md shows it as it is (a test compares them).
enum SendUsage {
    /// Where a command's summary starts; a longer synopsis puts it on the
    /// next line.
    static let summaryColumn = 20

    static var text: String {
        var lines = [
            "Usage: ledmarquee send [--name NAME | --control PATH] COMMAND [ARGS]",
            "       ledmarquee send --mqtt URL [--mqtt-topic PREFIX] [--name NAME] COMMAND",
            "       ledmarquee send --list",
            "Commands:",
        ]
        lines += RemoteCommandTable.all.flatMap { entry($0.synopsis, $0.summary) }
        lines += lookLines()
        lines += Usage.wrap("Without --name or --control: the only sign running; with several, they are listed and "
                            + "nothing is sent (exit 2). --list (or ls) lists them.", width: Usage.width)
        lines += Usage.wrap("With --mqtt, to every sign whose status says online, or to the one --name names; each "
                            + "answers, one line a sign (exit 1: one refused; 3: one did not answer within --wait S, "
                            + "default \(Int(FleetSend.defaultWaitSeconds)), or no sign has that name). Also:", width: Usage.width)
        lines += entry("\(SendArguments.deckCommand) FILE", "publish FILE as the fleet's deck (retained)")
        lines += entry("status", "every sign's status, a table (--json: one JSON line each)")
        lines += entry("\(SendArguments.forgetCommand) NAME", "remove a gone sign's retained status (--force: even online)")
        let refused = RemoteCommandTable.all.filter { $0.fleetRefusal != nil }.map(\.name)
        lines += Usage.wrap("(not \(refused.joined(separator: " or ")): see fleet.md). --mqtt-ca FILE and "
                            + "--mqtt-password-file FILE are the sign's (ledmarquee --help).", width: Usage.width)
        // Where `make install` and the package put docs/ (control.md, fleet.md).
        lines.append("See ledmarquee(1), and control.md and fleet.md in share/doc/ledmarquee.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `LOOK, the message's own: [--color C] …`, wrapped at 80 columns
    /// between options, never inside one.
    private static func lookLines() -> [String] {
        var lines = ["LOOK, the message's own:"]
        for argument in RemoteCommandTable.look {
            let option = "[--\(argument.field)\(argument.form == .flag ? "" : " " + argument.placeholder)]"
            if lines[lines.count - 1].count + 1 + option.count <= Usage.width {
                lines[lines.count - 1] += " " + option
            } else {
                lines.append("  " + option)
            }
        }
        return lines
    }

    /// `  goto N            summary`, the summary wrapped at its column.
    private static func entry(_ synopsis: String, _ summary: String) -> [String] {
        let left = "  " + synopsis
        let indent = String(repeating: " ", count: summaryColumn)
        var body = Usage.wrap(summary, width: Usage.width - summaryColumn)
        guard left.count + 2 <= summaryColumn else { return [left] + body.map { indent + $0 } }
        let first = left + String(repeating: " ", count: summaryColumn - left.count) + body.removeFirst()
        return [first] + body.map { indent + $0 }
    }
}
