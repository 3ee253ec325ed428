import MarqueeCore

/// What `send --mqtt … COMMAND` hears after publishing a command with its
/// request ID (docs/fleet.md, "Answers"): the retained statuses say which
/// signs are online, and so which must answer; the answers on
/// `PREFIX/sign/NAME/reply` carrying the ID say how. Pure: `FleetSend`
/// feeds it what the broker sends and prints its report.
struct FleetAnswers {
    /// The signs waited for at most: statuses and answers of more are not
    /// kept (a broker can hold any number), and the report says so.
    static let maximumSigns = 1_000
    /// The largest answer read: a `status` answer is a sign's status.
    static let maximumAnswerBytes = FleetStatus.Reading.maximumBytes

    let id: String
    let prefix: String
    /// `--name`; nil: every sign whose retained status says online.
    let only: String?
    /// Each sign's retained status: whether it says online.
    private(set) var online: [String: Bool] = [:]
    private(set) var answers: [String: Answer] = [:]
    /// The signs whose status has no `run`: from before request IDs, they
    /// refuse a command that carries one, and do not answer.
    private(set) var older: Set<String> = []
    /// The names under which more than one sign answered (the first
    /// answer is the one reported).
    private(set) var shared: Set<String> = []
    /// More signs than ``maximumSigns`` were heard of.
    private(set) var overflowed = false

    enum Answer: Equatable {
        case ok
        case refused(String)
    }

    init(id: String, prefix: String, only: String?) {
        self.id = id
        self.prefix = prefix
        self.only = only
    }

    /// What the broker sent; true for a retained status (which moves the
    /// end of the retained ones on).
    @discardableResult
    mutating func heard(topic: String, payload: [UInt8], retained: Bool) -> Bool {
        if let name = FleetTopics.signName(inStatusTopic: topic, prefix: prefix) {
            // A live status is a sign changing as it obeys: its answer counts.
            guard retained, only == nil || name == only else { return false }
            guard online[name] != nil || online.count < Self.maximumSigns else {
                overflowed = true
                return true
            }
            let reading = FleetStatus.Reading(payload)
            online[name] = reading?.online ?? false
            if let reading, reading.online, reading.run == nil { older.insert(name) } else { older.remove(name) }
            return true
        }
        guard let name = FleetTopics.signName(in: topic, prefix: prefix, leaf: "reply"), only == nil || name == only,
              payload.count <= Self.maximumAnswerBytes,
              case .object(let object)? = JSONValue.parse(payload), case .string(id)? = object["id"] else { return false }
        guard answers[name] == nil else {
            // Two signs with one name both took the command.
            shared.insert(name)
            return false
        }
        guard answers.count < Self.maximumSigns else {
            overflowed = true
            return false
        }
        if case .bool(true)? = object["ok"] {
            answers[name] = .ok
        } else if case .string(let reason)? = object["error"] {
            answers[name] = .refused(reason)
        } else {
            answers[name] = .refused("refused")
        }
        return false
    }

    /// The signs that must answer, by name.
    var addressed: [String] {
        if let only { return [only] }
        return online.filter(\.value).keys.sorted()
    }

    var allAnswered: Bool { addressed.allSatisfy { answers[$0] != nil } }

    /// One line per sign, name first, escaped (names and reasons are
    /// anyone's on the broker), sorted; and the exit status: 3 when one
    /// did not answer within `waited` seconds, else 1 when one refused,
    /// else 0.
    func report(waited: Double) -> (lines: [String], status: Int32) {
        let names = Set(addressed).union(answers.keys).sorted()
        var status: Int32 = 0
        var lines: [String] = []
        for name in names {
            let said: String
            switch answers[name] {
            case .ok?:
                said = "ok"
            case .refused(let reason)?:
                said = "refused: " + TerminalText.visible(reason)
                status = max(status, 1)
            case nil:
                said = "no answer within \(ControlServer.seconds(waited))"
                    + (older.contains(name) ? " (an older sign, which refuses a command with an id: upgrade it)" : "")
                status = 3
            }
            let twice = shared.contains(name) ? " (another sign of this name answered too: give each its own --name)" : ""
            lines.append(TerminalText.visible(name) + ": " + said + twice)
        }
        if overflowed { lines.append("(more than \(Self.maximumSigns) signs: only \(Self.maximumSigns) were waited for)") }
        return (lines, status)
    }
}
