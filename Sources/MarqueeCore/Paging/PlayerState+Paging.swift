/// Pages at rest (docs/display.md, "Pages"): a message that does not fit
/// whole as LEDs at rest is split at words into pages drawn at the largest
/// LED size that fits; each shows for an equal share of the message's
/// seconds, turned by the page timer. The timer is its own: the advance's
/// condition ID does not read the page, so a turn never restarts the wait.
extension TimerKey {
    /// The next page of a message too long to stand whole at rest.
    public static let page = TimerKey("page")
}

extension PlayerState {
    /// Pages the message shows now: the host's count (``MessageMeasure/restPages``)
    /// while it stands at rest, else 1 (and while the `vertical` mode
    /// moves its lines instead).
    public var restPages: Int { placementKind == .rest && !verticalMoves ? (measure?.restPages ?? 1) : 1 }

    /// The page on the sign, from 0; the pages go round when the message
    /// stays longer than its seconds (a single message, a pause).
    public var shownPage: Int { page(of: restPages) }

    /// The page on the sign of a message of `pages` pages.
    func page(of pages: Int) -> Int { pages > 1 ? paging.turns(for: messageID) % pages : 0 }

    /// Seconds each page shows: an equal share of the message's seconds
    /// (a `say`'s `for`, else the message's own), but never less than
    /// ``shortestPageSeconds``; nil with one page.
    public var pageSeconds: Double? {
        let pages = restPages
        guard pages > 1 else { return nil }
        return max(PlayerState.shortestPageSeconds, (interrupt?.interrupt.seconds ?? currentCue.seconds) / Double(pages))
    }

    /// A page is up for a second at least, however many a message has (a
    /// page of a long standard-input line would otherwise flash by; the
    /// flow then moves on before its last pages, as with any wait).
    public static let shortestPageSeconds = 1.0

    /// Key of the page timer: a turn, a new message or the timer stopping
    /// (paused, dark, nobody to see it, nothing drawn) restarts it.
    public var pageTimerID: PageTimerID {
        let seen = effectiveScene == .active && !paused && !isDark && settings.drawsFrames
        return PageTimerID(messageID: messageID, turns: paging.turns(for: messageID), seconds: seen ? pageSeconds : nil)
    }

    /// The page timer: one share from when its ID last changed.
    var pageTimer: TimerSpec {
        let id = pageTimerID
        return TimerSpec(.page, identity: id, deadline: id.seconds.map(TimerDeadline.after), fires: .pageDue)
    }

    /// The page timer fired: the next page.
    mutating func turnPage() { paging.turn(for: messageID) }
}
