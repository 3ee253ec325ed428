/// At most one snapshot a second for a fleet sign (docs/fleet.md,
/// "Snapshots"): a picture is up to 128 KiB on the broker for every
/// subscriber, and anyone who may publish to `PREFIX/cmd` may ask. A
/// request within the second after the last one taken is refused, with
/// how long to wait, rather than queued: the asker (a fleet page polling)
/// asks again, and the sign keeps no backlog. Pure, on seconds of a
/// monotonic clock.
struct SnapshotRateLimit: Equatable {
    /// Seconds from one snapshot taken to the next.
    static let interval = 1.0

    private var last: Double?

    /// Whether a snapshot may be taken at `now`: nil if so (and it counts
    /// from now), else the seconds left to wait.
    mutating func admit(at now: Double) -> Double? {
        if let last, now - last < SnapshotRateLimit.interval, now >= last {
            return SnapshotRateLimit.interval - (now - last)
        }
        last = now
        return nil
    }

    /// The refusal's words for a wait of `seconds`.
    static func refusal(waiting seconds: Double) -> String {
        let tenths = max(1, Int((seconds * 10).rounded(.up)))
        return "at most one snapshot a second; try again in \(tenths / 10).\(tenths % 10) s"
    }
}
