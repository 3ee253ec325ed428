import MarqueeCore

/// What the sign answers to one request: one JSON object on one line.
/// `watch` answers `ok` and then, on the same connection, the records; a
/// snapshot answers when its picture is made.
enum ControlReply: Sendable, Equatable {
    /// `{"ok":true}`.
    case ok
    /// A whole object that starts with `"ok":true` (`status`).
    case object(String)
    /// `{"ok":true}`, then every record until the client closes.
    case watch
    /// `{"ok":false,"error":"…"}`.
    case error(String)
    /// One of the above, later (a snapshot): the connection waits for it.
    case pending(PendingReply)

    static func == (lhs: ControlReply, rhs: ControlReply) -> Bool {
        switch (lhs, rhs) {
        case (.ok, .ok), (.watch, .watch): true
        case (.object(let a), .object(let b)), (.error(let a), .error(let b)): a == b
        case (.pending(let a), .pending(let b)): a === b
        default: false
        }
    }

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
        case .pending:
            // Never sent: the connection sends the reply it becomes.
            return ControlReply.error("no reply yet").line
        }
    }

    /// The reply as one JSON object with the request's `id` added: a
    /// fleet sign's answer on its reply topic (docs/fleet.md).
    func answer(id: String) -> String {
        line.dropLast(2) + ",\"id\":" + JSONObjectWriter.quote(id) + "}"
    }
}
