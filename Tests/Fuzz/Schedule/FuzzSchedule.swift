@testable import MarqueeApp
import MarqueeCore

/// Schedules (docs/schedules.md): a deck entry's `days`, `hours`, `from`,
/// `until` and `--quiet`/`--quiet-mode`, parsed from hostile text, then
/// judged and their next edge found at a hostile moment, also through the
/// deck parser and the command line.
///
/// Input: a 9-byte header, then up to four texts split at NUL (days, hours,
/// from, until; the hours text is also `--quiet`, the days text also
/// `--quiet-mode`).
///   0 bit 0..3: which of the four keys the deck entry has
///   1...8 the moment: civil seconds, taken within years 1…9999
/// Invariants: an error is one clean, short line; a parsed day set, window
/// list or moment reads back to itself; at most 48 windows; the next edge
/// is after the moment, is a change, and nothing changes just after the
/// moment or just before the edge; a wake in a zone with a switch is after
/// now; the deck names the entry in its error; the command line's errors
/// are usage errors, and what it accepts reaches the settings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count >= 9 else { return 0 }
    let keys = bytes[0]
    let raw = bytes[1..<9].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    // Years 1…9999: the span LocalMoment reads and writes.
    let low = LocalMoment(year: 1, month: 1, day: 1).civilSeconds
    let high = LocalMoment(year: 9999, month: 12, day: 1).civilSeconds
    let moment = LocalMoment(civilSeconds: low + Int64(raw % UInt64(high - low)))
    let texts = bytes[9...].split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func text(_ index: Int) -> String? { index < texts.count ? texts[index] : nil }

    func checkError(_ error: ScheduleError, _ input: String) {
        requireSafeMessage(error.message, "a schedule error")
        require(!error.message.unicodeScalars.contains(where: isTerminalControl), "a schedule error is clean", error.message)
        require(error.message.count < 200, "a schedule error is short", error.message)
    }

    var days: Weekdays?, windows: [TimeWindow]?
    if let written = text(0) {
        do throws(ScheduleError) {
            let parsed = try Weekdays(parsing: written)
            require(parsed.bits != 0, "a day set is never empty", written)
            require((try? Weekdays(parsing: parsed.text)) == parsed, "a day set reads back", written)
            days = parsed
        } catch { checkError(error, written) }
        do throws(ScheduleError) { _ = try QuietHours.Mode(parsing: written) } catch { checkError(error, written) }
    }
    if let written = text(1) {
        do throws(ScheduleError) {
            let parsed = try TimeWindow.parseList(written)
            require(!parsed.isEmpty && parsed.count <= TimeWindow.maximumCount, "windows are bounded", written)
            let again = try? TimeWindow.parseList(parsed.map(\.text).joined(separator: ","))
            require(again == parsed, "windows read back", written)
            windows = parsed
        } catch { checkError(error, written) }
    }
    for index in [2, 3] {
        guard let written = text(index) else { continue }
        do throws(ScheduleError) {
            let (parsed, _) = try Schedule.moment(parsing: written)
            require(LocalMoment(parsing: parsed.text) == parsed, "a moment reads back", written)
        } catch { checkError(error, written) }
        // `--now`: a date as `from` takes it, or a time within the week from today.
        do throws(ScheduleError) {
            let parsed = try PreviewMoment.parse(written, today: moment)
            if LocalMoment(parsing: written) == nil {
                let midnight = LocalMoment(year: moment.year, month: moment.month, day: moment.day).civilSeconds
                require((midnight..<(midnight + 7 * 86_400)).contains(parsed.civilSeconds), "--now is within the week", written)
            }
        } catch { checkError(error, written) }
    }

    // Judge the parts that parsed, at the moment from the header.
    let schedule = Schedule(days: days, hours: windows, from: keys & 4 != 0 ? (text(2)).flatMap(LocalMoment.init(parsing:)) : nil,
                            until: keys & 8 != 0 ? (text(3)).flatMap(LocalMoment.init(parsing:)) : nil)
    let now = moment.civilSeconds
    let open = schedule.contains(moment)
    if let edge = schedule.nextEdge(after: moment) {
        let at = edge.civilSeconds
        require(at > now, "the next edge is after the moment", moment.text)
        require(schedule.contains(edge) != open, "the next edge is a change", edge.text)
        require(schedule.contains(LocalMoment(civilSeconds: now + 1)) == open || at == now + 1, "no change right after the moment", moment.text)
        require(schedule.contains(LocalMoment(civilSeconds: at - 1)) == open, "no change right before the edge", edge.text)
    }
    // `--schedule`: a day of spans, in order, each a change from the last.
    let preview = SchedulePreview(schedules: [schedule, nil], quiet: nil, from: moment,
                                  until: LocalMoment(civilSeconds: now + 86_400))
    require(preview.spans.first?.start == moment, "the preview starts at the moment", moment.text)
    for (earlier, later) in zip(preview.spans, preview.spans.dropFirst()) {
        require(earlier.start.civilSeconds < later.start.civilSeconds && earlier.shown != later.shown, "spans move on and change",
                moment.text)
    }
    // A zone an hour ahead of UTC that switches to two hours at the moment plus some hours.
    let switchAt = now + Int64(keys) * 3_600
    let zone: ZoneTimeline.Zone = { t in LocalMoment(civilSeconds: t + (t >= switchAt ? 7_200 : 3_600)) }
    if let wake = ZoneTimeline.nextWake(after: now, zone: zone, nextEdge: schedule.nextEdge) {
        require(wake > now, "a wake is after now", moment.text)
    }

    // The deck parser: an entry with the keys the header picks.
    var entry: [String: JSONValue] = ["text": .string("T")]
    for (bit, key) in CueFileParser.scheduleKeys.enumerated() where keys & (1 << bit) != 0 {
        if let value = text(bit) { entry[key] = .string(value) }
    }
    do throws(CueFileParser.ParseError) {
        let result = try CueFileParser.parseDeck(entries: [.object(entry)], name: "fuzz.json", defaultSeconds: 5)
        require(result.cues.count == 1, "one entry, one cue")
    } catch {
        require(error.message.hasPrefix("fuzz.json: entry 1: "), "a deck error names the entry", error.message)
        require(!error.message.unicodeScalars.contains(where: isTerminalControl), "a deck error is clean", error.message)
    }

    // The command line: --quiet with the hours text, --quiet-mode with the days text.
    var arguments = ["--quiet", text(1) ?? ""]
    if keys & 16 != 0 { arguments += ["--quiet-mode", text(0) ?? ""] }
    if keys & 32 != 0 { arguments += ["--idle-message", text(2) ?? ""] }
    do {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments + ["x"]) else { return 0 }
        let settings = Program.playerSettings(options, cueCount: 1)
        require(settings.quiet?.windows == options.quiet, "quiet hours reach the settings")
        if let idle = settings.idleCue { require(!idle.text.allSatisfy { $0 == " " }, "an idle message is not blank", idle.text) }
    } catch {
        requireSafeMessage(error.message, "a usage error")
    }
    return 0
}
