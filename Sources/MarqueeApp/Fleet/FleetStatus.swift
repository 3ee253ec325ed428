import MarqueeCore

/// The retained JSON on `PREFIX/sign/NAME/status` (docs/fleet.md): the
/// sign's name, whether it is online, the run that published it (`run`,
/// 16 hex digits drawn at each start, so two signs given one name tell
/// each other apart), when (`at`, UTC, absent from the Last Will) and the
/// fields of the control socket's `status` reply that say what it does.
/// The Last Will is the offline form, which the broker publishes for a
/// sign that vanished.
enum FleetStatus {
    /// `at`: Unix seconds of the publish; nil to compare two statuses
    /// without it.
    static func online(name: String, run: String, status: StatusSnapshot, at: Double? = nil) -> String {
        var json = head(name: name, online: true, run: run, at: at)
        ControlStatus.add(status, to: &json)
        return json.finish()
    }

    /// The clean quit's (with `at`) and the Last Will's (without: the
    /// broker sends it when the sign can no longer say when).
    static func offline(name: String, run: String, at: Double? = nil) -> String {
        head(name: name, online: false, run: run, at: at).finish()
    }

    private static func head(name: String, online: Bool, run: String, at: Double?) -> JSONObjectWriter {
        var json = JSONObjectWriter()
        json.add("name", name)
        json.add("online", online)
        json.add("run", run)
        if let at { json.add("at", UTCTimestamp.format(unixSeconds: at)) }
        return json
    }

    /// A run ID: 64 random bits (the system's generator, `getrandom`) as
    /// 16 hex digits. Also the request IDs of `send --mqtt`.
    static func makeRunID() -> String {
        let hex = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What a status says, as read from anyone's message: nil fields for
    /// what it lacks or gives in another type.
    struct Reading: Equatable {
        var name: String?
        var online = false
        var run: String?
        var at: String?
        var text: String?
        var index: Int?
        var count: Int?
        var link: String?

        /// The statuses read, at most this large: a sign's is about
        /// 0.5 KiB; its text is at most a cue line.
        static let maximumBytes = 65_536

        /// nil for what is not a JSON object within the bound.
        init?(_ payload: [UInt8]) {
            guard payload.count <= Self.maximumBytes, case .object(let object)? = JSONValue.parse(payload) else { return nil }
            func string(_ key: String) -> String? {
                if case .string(let value)? = object[key] { return value }
                return nil
            }
            func int(_ key: String) -> Int? {
                if case .number(let value)? = object[key], value.isFinite, abs(value) < 1e9 { return Int(value) }
                return nil
            }
            name = string("name")
            if case .bool(true)? = object["online"] { online = true }
            run = string("run")
            at = string("at")
            text = string("text")
            index = int("index")
            count = int("count")
            link = string("link")
        }
    }
}
