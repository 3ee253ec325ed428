/// What a sign makes of a message on its own status topic
/// (docs/fleet.md, "Two signs with one name"). Pure: ``FleetMember``
/// acts on the verdict.
///
/// - Its own status (its run ID) comes back: nothing.
/// - A retained one, which the broker sends as the sign subscribes: what
///   was there before (an earlier run's Last Will, or a live namesake's
///   status); nothing, since the sign's own status, published as it
///   subscribed, has replaced it. A live namesake answers that status
///   with its own (below), and is heard then.
/// - Another run's online status, live: another sign has this name. Said
///   once per run, at most once in ``quietSeconds`` (a publisher that
///   invents runs costs the sign one notice in that time), and the sign
///   publishes its own status once more, so the other hears it too (when
///   it came before this sign subscribed).
/// - Anything else, live: the namesake's Last Will or clean offline, an
///   empty message (`send … forget`), garbage. The retained status is not
///   this sign's any more: it publishes its own again.
struct NameClash {
    let run: String
    /// The other runs said, newest last, at most ``maximumRemembered``.
    private(set) var others: [String] = []
    static let maximumRemembered = 16
    /// Seconds after a namesake is said in which another is not.
    static let quietSeconds = 10.0
    private var lastSaid: Double?

    enum Verdict: Equatable {
        case nothing
        /// Another live sign has this name; its run ID, if it gave a valid one.
        case namesake(run: String?)
        case republish
    }

    init(run: String) { self.run = run }

    /// `now`: seconds on any steady clock.
    mutating func hear(_ payload: [UInt8], retained: Bool, now: Double) -> Verdict {
        let reading = FleetStatus.Reading(payload)
        if let reading, reading.run == run { return .nothing }
        if retained { return .nothing }
        guard let reading, reading.online else { return .republish }
        let other = reading.run.flatMap { FleetPayload.isValidID($0) ? $0 : nil }
        let key = other ?? ""
        guard !others.contains(key) else { return .nothing }
        others.append(key)
        if others.count > Self.maximumRemembered { others.removeFirst() }
        if let lastSaid, now - lastSaid < Self.quietSeconds { return .nothing }
        lastSaid = now
        return .namesake(run: other)
    }
}
