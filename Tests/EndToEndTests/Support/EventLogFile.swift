import Foundation

/// An `--events` log as a test reads it while the sign still writes:
/// whole lines only, each parsed into an `Event`.
enum EventLogFile {
    /// The complete lines (a partial last one is left for the next read).
    static func lines(at path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        lines.removeLast()  // a partial (or empty) last line
        return lines
    }

    /// Every complete line that is a JSON object.
    static func events(at path: String) -> [Event] {
        lines(at: path).compactMap { line in
            guard let data = line.data(using: .utf8),
                  let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
            return Event(line: line, object: object)
        }
    }
}
