import MarqueeCore

/// What the sign answers to one request: one JSON object on one line.
/// `watch` answers `ok` and then, on the same connection, the records.
enum ControlReply: Sendable, Equatable {
    /// `{"ok":true}`.
    case ok
    /// A whole object that starts with `"ok":true` (`status`).
    case object(String)
    /// `{"ok":true}`, then every record until the client closes.
    case watch
    /// `{"ok":false,"error":"…"}`.
    case error(String)

    /// The line sent, newline included.
    var line: String {
        switch self {
        case .ok, .watch: return "{\"ok\":true}\n"
        case .object(let object): return object + "\n"
        case .error(let message):
            var json = JSONObjectWriter()
            json.add("ok", false)
            json.add("error", message)
            return json.finish() + "\n"
        }
    }

    /// The reply as one JSON object with the request's `id` added: a
    /// fleet sign's answer on its reply topic (docs/fleet.md).
    func answer(id: String) -> String {
        line.dropLast(2) + ",\"id\":" + JSONObjectWriter.quote(id) + "}"
    }
}
