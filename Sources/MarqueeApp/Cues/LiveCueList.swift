import MarqueeCore

/// The cues of a live source, bounded: the newest `maximumCues` lines and
/// at most `maximumBytes` of text, the oldest dropped first; with
/// `--latest`, only the newest line (docs/cue-flow.md, "Live input").
struct LiveCueList: Equatable {
    /// Lines kept from a stream that never ends (`tail -f log`).
    static let maximumCues = FlowLimits.maximumCues
    /// Lines dropped at once when the bound is passed. Dropping shifts every
    /// index, and the advance wait is keyed by the current message's index
    /// (docs/condition-ids.md), so dropping one line per new line would
    /// restart the wait on every line of a busy feed: this many at a time
    /// restart it at most once per that many lines.
    static let dropChunk = 100
    /// Text kept: as much as any flow may hold.
    static let maximumBytes = FlowLimits.maximumTextBytes

    let latestOnly: Bool
    private(set) var cues: [Cue] = []
    /// The cues the last change only appended, nil when it replaced the
    /// list (`--latest`, a bound passed, a file started over): an append
    /// goes to the sign as `add`, which keeps the message shown and its
    /// wait whatever the texts, where a replacement finds it by its text.
    private(set) var appendedLast: [Cue]?
    private var bytes = 0

    init(latestOnly: Bool) {
        self.latestOnly = latestOnly
    }

    /// Adds one read's cues; true when the list changed. One call per read,
    /// so the sign gets one replacement for a burst of lines.
    mutating func add(_ new: [Cue]) -> Bool {
        guard let last = new.last else { return false }
        if latestOnly {
            cues = [last]
            bytes = Self.size(of: last)
            appendedLast = nil
            return true
        }
        let before = cues.count
        cues += new
        bytes += new.reduce(0) { $0 + Self.size(of: $1) }
        if cues.count > Self.maximumCues {
            drop(cues.count - Self.maximumCues + Self.dropChunk)
        }
        var excess = 0
        while bytes > Self.maximumBytes, excess < cues.count - 1 {
            bytes -= Self.size(of: cues[excess])
            excess += 1
        }
        drop(excess, recount: false)
        appendedLast = before > 0 && cues.count == before + new.count ? new : nil
        return true
    }

    /// Starts over with `new` (a followed file that was truncated or
    /// replaced), within the same bounds.
    mutating func replace(with new: [Cue]) {
        cues = []
        bytes = 0
        _ = add(new)
    }

    private mutating func drop(_ count: Int, recount: Bool = true) {
        guard count > 0 else { return }
        let count = min(count, cues.count - 1)
        if recount { bytes -= cues.prefix(count).reduce(0) { $0 + Self.size(of: $1) } }
        cues.removeFirst(count)
    }

    private static func size(of cue: Cue) -> Int {
        FlowLimits.textBytes(of: cue)
    }
}
