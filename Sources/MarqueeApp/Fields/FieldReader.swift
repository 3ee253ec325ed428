import MarqueeCore

/// Fills in a cue's live fields: the clock and zone for time fields, the
/// power conditions for `{battery}` and `{temp}`, and a file's first line,
/// kept between its checks (docs/live-fields.md). Not tied to the loop, so
/// `--snapshot` fills a frame the same way the sign does.
struct FieldReader {
    /// Seconds since the epoch (the wall clock), injectable for tests.
    var wallNow: () -> Double = WallClock.now
    /// Reads a `{file:PATH}` field's file.
    var readLine: (String) throws(Platform.ReadError) -> String = FirstLineReader.firstLine(of:)
    /// Each file's line or failure, and when it was read (monotonic seconds).
    private var files: [String: (line: Result<String, Platform.ReadError>, readAt: Double)] = [:]

    /// The cue's text and caption filled in at wall time `wall`, and every
    /// field that could not be read with why; such a field shows
    /// ``LiveField/placeholder``. A file is read again only when it was last
    /// read `fileInterval` seconds or more before `now` (monotonic).
    mutating func fill(_ cue: Cue, messageID: Int, power: PowerConditions, now: Double,
                       fileInterval: Double) -> (filled: FilledFields, failures: [LiveField: String]) {
        let wall = wallNow()
        var failures: [LiveField: String] = [:]
        var values: [LiveField: String] = [:]
        for field in cue.fields?.all ?? [] {
            switch value(of: field, wall: wall, power: power, now: now, fileInterval: fileInterval) {
            case .success(let text): values[field] = text
            case .failure(let failure):
                values[field] = LiveField.placeholder
                failures[field] = failure.reason
            }
        }
        let fill = { (template: FieldTemplate?, written: String) in
            template?.render { values[$0] ?? LiveField.placeholder } ?? written
        }
        let filled = FilledFields(messageID: messageID, text: fill(cue.fields?.text, cue.text),
                                  caption: cue.caption.map { fill(cue.fields?.caption, $0) })
        return (filled, failures)
    }

    /// Forgets files no field of the shown message reads any more.
    mutating func keepFiles(of fields: [LiveField]) {
        let paths = Set(fields.compactMap { if case .file(let path) = $0 { path } else { nil } })
        files = files.filter { paths.contains($0.key) }
    }

    struct Failure: Error {
        var reason: String
    }

    private mutating func value(of field: LiveField, wall: Double, power: PowerConditions, now: Double,
                                fileInterval: Double) -> Result<String, Failure> {
        switch field {
        case .time(let format), .date(let format):
            guard let text = WallClock.format(format, at: wall) else {
                return .failure(Failure(reason: "\(field.visibleSource): the time does not fit \(WallClock.maximumFormattedBytes) bytes"))
            }
            return .success(text)
        case .countdown(let moment):
            guard let target = WallClock.seconds(of: moment) else {
                return .failure(Failure(reason: "\(field.visibleSource): no such local time"))
            }
            return .success(LocalMoment.countdownText(secondsLeft: target - wall))
        case .battery:
            guard let percent = power.batteryPercent else {
                return .failure(Failure(reason: "\(field.visibleSource): no battery reports a charge"))
            }
            return .success("\(percent)%")
        case .temperature:
            guard let celsius = power.celsius else {
                return .failure(Failure(reason: "\(field.visibleSource): no temperature sensor reads"))
            }
            return .success("\(Int(celsius.rounded()))°C")
        case .file(let path):
            if let kept = files[path], now - kept.readAt < fileInterval, now >= kept.readAt {
                return kept.line.mapError { Failure(reason: FieldReader.fileReason(path, $0)) }
            }
            let line: Result<String, Platform.ReadError>
            do throws(Platform.ReadError) { line = .success(try readLine(path)) } catch { line = .failure(error) }
            files[path] = (line, now)
            return line.mapError { Failure(reason: FieldReader.fileReason(path, $0)) }
        }
    }

    /// `PATH: cannot read {file:PATH}: REASON`, the wording of every file error.
    static func fileReason(_ path: String, _ error: Platform.ReadError) -> String {
        "\(TerminalText.visible(path)): cannot read \(LiveField.file(path: path).visibleSource): \(error.reason(limit: FirstLineReader.maximumBytes))"
    }
}

extension LiveField {
    /// The field as written, with anything a terminal would act on escaped.
    var visibleSource: String { TerminalText.visible(source) }
}
