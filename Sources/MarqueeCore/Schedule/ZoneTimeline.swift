/// Turns a civil edge ("17:30 on the wall clock") into the instant to wake
/// at, given the local zone as a function from an instant (seconds since
/// the epoch) to its civil time — `localtime_r` in the program, a table in
/// the tests. Pure: the zone is an argument (docs/schedules.md, "Summer
/// time").
///
/// The rule: the sign wakes at the first of the next civil edge, reckoned
/// at the zone's offset now, and the next change of that offset (a summer
/// time switch). At such a switch it reads the clock again, so a window
/// follows what the wall clock shows: an hour the spring skips is never
/// in window (an edge inside it takes effect at the switch), and an hour
/// the autumn repeats is lived twice.
public enum ZoneTimeline {
    /// The zone: civil time at an instant; nil when the host cannot say.
    public typealias Zone = (Int64) -> LocalMoment?

    /// Longest look ahead for an offset change when nothing else is due.
    static let horizonDays: Int64 = 400

    /// The instant (whole seconds since the epoch) after `now` at which the
    /// sign must look at the clock again, for the edges `nextEdge` gives
    /// (the earliest of every schedule's); nil when nothing can change.
    public static func nextWake(after now: Int64, zone: Zone, nextEdge: (LocalMoment) -> LocalMoment?) -> Int64? {
        guard let here = zone(now) else { return nil }
        let offset = here.civilSeconds - now
        let edge = nextEdge(here).map { $0.civilSeconds - offset }
        // With no edge ahead only a switch could bring one back (autumn
        // repeating an hour before `until`, say); look a year ahead.
        let limit = edge ?? (now + horizonDays * 86_400)
        if let change = offsetChange(after: now, through: limit, offset: offset, zone: zone) { return change }
        return edge.map { max($0, now + 1) }
    }

    /// The first instant in (`now`, `limit`] whose offset is not `offset`:
    /// the offset is sampled a day apart (real zones switch weeks apart),
    /// then the second of the switch is found by halving.
    static func offsetChange(after now: Int64, through limit: Int64, offset: Int64, zone: Zone) -> Int64? {
        func differs(_ t: Int64) -> Bool {
            guard let civil = zone(t) else { return false }
            return civil.civilSeconds - t != offset
        }
        var low = now
        while low < limit {
            let high = min(limit, low + 86_400)
            if differs(high) {
                var (good, bad) = (low, high)
                while bad - good > 1 {
                    let middle = good + (bad - good) / 2
                    if differs(middle) { bad = middle } else { good = middle }
                }
                return bad
            }
            low = high
        }
        return nil
    }
}
