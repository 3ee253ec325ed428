import MarqueeCore

/// `--schedule`: what the sign would show when, from `--now` (or now) for a
/// week, as lines a person reads (docs/schedules.md):
///
/// ```
/// Wed 2026-12-02
///   09:00  #1 OPEN · #4 HAPPY HOLIDAYS
///   12:00  #2 LUNCH · #4 HAPPY HOLIDAYS
///   22:00  nothing (idle: "CLOSED") · quiet: dim 20%
/// ```
///
/// Each line holds from its time until the next line's. Texts are the
/// deck's, shown with `TerminalText.visible` and cut, so a hostile deck
/// cannot act on the terminal or flood a line.
enum SchedulePrinter {
    /// Days a preview covers: a week holds every weekly window.
    static let days = 7
    /// Characters of a message's text shown; messages listed on one line.
    static let textLimit = 32, listLimit = 6

    static func text(cues: [Cue], quiet: QuietHours?, idle: Cue?, from start: LocalMoment) -> String {
        let end = LocalMoment(civilSeconds: start.civilSeconds + Int64(days) * 86_400)
        let preview = SchedulePreview(schedules: cues.map(\.schedule), quiet: quiet, from: start, until: end)
        var out = "What shows when, from \(day(start)) \(clock(start)) for \(days) days (local time):\n"
        var lastDay: String?
        for span in preview.spans {
            let date = day(span.start)
            if date != lastDay {
                out += "\(date)\n"
                lastDay = date
            }
            out += "  \(clock(span.start))  \(describe(span, cues: cues, quiet: quiet, idle: idle))\n"
        }
        if preview.truncated {
            out += "… more than \(SchedulePreview.maximumSpans) changes; give --now to start later\n"
        }
        return out
    }

    private static func describe(_ span: SchedulePreview.Span, cues: [Cue], quiet: QuietHours?, idle: Cue?) -> String {
        var parts: [String] = []
        if span.shown.isEmpty {
            parts.append(idle.map { "nothing (idle: \(quoted($0.text)))" } ?? "nothing")
        } else {
            var names = span.shown.prefix(listLimit).map { "#\($0 + 1) \(shown(cues[$0].text))" }
            if span.shown.count > listLimit { names.append("and \(span.shown.count - listLimit) more") }
            parts.append(names.joined(separator: " · "))
        }
        if span.quiet, let quiet {
            switch quiet.mode {
            case .dim(let percent): parts.append("quiet: dim \(percent)%")
            case .off: parts.append("quiet: dark")
            }
        }
        return parts.joined(separator: " · ")
    }

    private static func shown(_ text: String) -> String {
        let visible = TerminalText.visible(text)
        return visible.count > textLimit ? String(visible.prefix(textLimit - 1)) + "…" : visible
    }

    private static func quoted(_ text: String) -> String { "\"\(shown(text))\"" }

    private static func day(_ moment: LocalMoment) -> String {
        let name = Weekdays.names[moment.weekday].prefix(3)
        return name.prefix(1).uppercased() + name.dropFirst() + " " + moment.text.prefix(10)
    }

    private static func clock(_ moment: LocalMoment) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(moment.hour)):\(two(moment.minute))" + (moment.second == 0 ? "" : ":\(two(moment.second))")
    }
}
