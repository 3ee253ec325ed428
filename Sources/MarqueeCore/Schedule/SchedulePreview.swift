/// What a deck shows when, without waiting for the clock (`--schedule`,
/// docs/schedules.md): the civil time from a start to an end cut into
/// spans at the schedules' and quiet hours' edges, each with the messages
/// in window and whether it is quiet. Pure, on civil time like `Schedule`
/// itself: a summer-time switch moves no edge on the wall clock.
public struct SchedulePreview: Sendable, Equatable {
    /// From `start` until the next span's start (or the preview's end):
    /// these messages are in window (indices into the deck, in order), and
    /// quiet hours hold or not.
    public struct Span: Sendable, Equatable {
        public let start: LocalMoment
        public let shown: [Int]
        public let quiet: Bool
    }

    /// Spans listed at most: a week of a shop's deck is a few dozen; a deck
    /// built to make thousands of edges stops here and says so.
    public static let maximumSpans = 500

    public let spans: [Span]
    /// More edges came before the end than `maximumSpans` allows.
    public let truncated: Bool

    /// `schedules`: each deck entry's schedule, nil for one shown always.
    /// Work is one pass of the distinct schedules per edge, as the sign's
    /// own (`PlayerState.nextScheduleEdge`).
    public init(schedules: [Schedule?], quiet: QuietHours?, from start: LocalMoment, until end: LocalMoment) {
        var distinct = Set(schedules.compactMap { $0 })
        if let quiet { distinct.insert(quiet.schedule) }
        var spans: [Span] = []
        var moment = start
        var truncated = false
        while moment.civilSeconds < end.civilSeconds {
            let shown = schedules.indices.filter { schedules[$0]?.contains(moment) ?? true }
            let span = Span(start: moment, shown: shown, quiet: quiet?.schedule.contains(moment) ?? false)
            // Edges of one schedule can leave the whole answer unchanged.
            if spans.last.map({ $0.shown != span.shown || $0.quiet != span.quiet }) ?? true {
                guard spans.count < SchedulePreview.maximumSpans else {
                    truncated = true
                    break
                }
                spans.append(span)
            }
            guard let next = distinct.compactMap({ $0.nextEdge(after: moment) })
                .min(by: { $0.civilSeconds < $1.civilSeconds }) else { break }
            moment = next
        }
        self.spans = spans
        self.truncated = truncated
    }
}
