/// Whether the fleet link still lives, and what losing it costs
/// (docs/fleet.md, "Reconnecting"): a pure record of when the broker was
/// last heard and since when the sign has been subscribed, given times by
/// its caller, so it is tested with no clock.
///
/// - A broker silent for 1.5 × the keepalive (it took the connection, then
///   stopped answering, pings included) is lost: ``silenceDeadline``.
/// - The reconnect backoff starts over only after a connection that was
///   up (subscriptions acknowledged) for ``heldSeconds``: a broker that
///   accepts and drops at once is tried at the backoff's growing pace,
///   not every second for ever.
///
/// ```swift
/// var liveness = LinkLiveness(keepaliveSeconds: 30)
/// liveness.connected(at: now)            // TCP up: silence counts from here
/// liveness.subscribed(at: now)           // SUBACK: the link is up
/// liveness.heard(at: now)                // any packet from the broker
/// if liveness.isSilent(at: now) { … }    // lost
/// let wait = liveness.lost(at: now, random: .random(in: 0...1))
/// ```
struct LinkLiveness: Sendable {
    typealias Instant = ContinuousClock.Instant

    /// Seconds a connection must have been up for the backoff to start over.
    static let heldSeconds = 60.0
    /// How many keepalives of silence lose the broker.
    static let silenceKeepalives = 1.5

    let keepaliveSeconds: Int
    private(set) var backoff = ReconnectBackoff()
    /// When the subscriptions were acknowledged; nil while not up.
    private(set) var upSince: Instant?
    /// When the broker was last heard; nil with no connection.
    private(set) var lastHeard: Instant?

    init(keepaliveSeconds: Int) {
        self.keepaliveSeconds = keepaliveSeconds
    }

    /// The connection is made: the broker's silence counts from here.
    mutating func connected(at time: Instant) {
        lastHeard = time
        upSince = nil
    }

    /// A packet came from the broker.
    mutating func heard(at time: Instant) {
        if lastHeard != nil { lastHeard = time }
    }

    /// The broker acknowledged the subscriptions: the link is up.
    mutating func subscribed(at time: Instant) {
        upSince = time
        lastHeard = time
    }

    /// Seconds of silence that lose the broker.
    var silenceSeconds: Double { Double(keepaliveSeconds) * Self.silenceKeepalives }

    /// When the broker, not heard from since, is lost.
    var silenceDeadline: Instant? { lastHeard.map { $0 + .seconds(silenceSeconds) } }

    func isSilent(at time: Instant) -> Bool {
        silenceDeadline.map { time >= $0 } ?? false
    }

    /// The connection ended (or never came) at `time`: the wait before the
    /// next try, given a random fraction in 0…1.
    mutating func lost(at time: Instant, random: Double) -> Double {
        if let upSince, upSince.duration(to: time) >= .seconds(Self.heldSeconds) { backoff.reset() }
        upSince = nil
        lastHeard = nil
        return backoff.nextDelay(random: random)
    }
}
