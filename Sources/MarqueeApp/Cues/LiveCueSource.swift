import MarqueeCore

/// What one read of a live source changed.
struct LiveCueUpdate {
    /// The whole new flow, when the read added (or, after a truncation,
    /// replaced) lines.
    var cues: [Cue]?
    /// Set when the read only appended these to the flow (``LiveCueList/appendedLast``).
    var appended: [Cue]?
    var notes: [String]
    /// How `--format auto` chose to read the input, in the update that chose.
    var choice: CueStream.Choice?
    /// Inputs for the player beside the flow's (a feed's status-line note).
    var inputs: [PlayerInput] = []

    init(cues: [Cue]?, appended: [Cue]? = nil, notes: [String]) {
        self.cues = cues
        self.appended = appended
        self.notes = notes
    }

    /// What the player is told: lines that only join go in as `add`, which
    /// keeps the message shown and its wait however often a line repeats
    /// (a replacement finds the message again by its text); anything else
    /// replaces the flow. Nil when the read changed no cue.
    var input: PlayerInput? {
        if let appended { return .remote(.add(appended)) }
        return cues.map { .cuesReplaced($0) }
    }

    /// The update for a read that changed `list` (or did not).
    init(changed: Bool, list: LiveCueList, notes: [String]) {
        self.init(cues: changed ? list.cues : nil, appended: changed ? list.appendedLast : nil, notes: notes)
    }
}

/// A cue source read while the sign plays: standard input with `-f -`
/// (`StandardInputFeed`) or a followed file (`FollowedFileFeed`); see
/// docs/cue-flow.md, "Live input".
@MainActor
protocol LiveCueSource: AnyObject {
    /// The cues so far.
    var cues: [Cue] { get }
    /// Why the source could not be read, before any cue came.
    var failure: String? { get }
    /// The source has ended: nothing more will come.
    var ended: Bool { get }
    /// Reads on in the event loop, calling `onUpdate` once per read.
    func follow(_ onUpdate: @escaping (LiveCueUpdate) -> Void)
    /// Stops reading until the next `follow`.
    func pause()
    /// Stops reading for good and gives back what was borrowed. Idempotent.
    func stop()
    /// The message when the source ended with no message.
    var noMessages: String { get }
    /// How `--format auto` chose to read the source, once it has (before
    /// the sign starts, as a rule: the choice comes with the first cues).
    var formatChoice: CueStream.Choice? { get }
    /// The `"zones"` of a deck read from the source; nil for none.
    var deckZones: [SignZone]? { get }
}

extension LiveCueSource {
    /// A source of lines brings no zones.
    var deckZones: [SignZone]? { nil }
}

extension LiveCueSource {
    var formatChoice: CueStream.Choice? { nil }
}

extension LiveCueSource {
    /// Waits, in the loop, for the first line (or a deck's end) before the
    /// sign takes the terminal; a source that ends with no message is the
    /// cue file's "no messages" error. Ctrl-C still ends the program here:
    /// signals are blocked only later (Program.play).
    func firstCues() async throws(Platform.Failure) -> CueFileParser.Result {
        var notes: [String] = []
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var resumed = false
            follow { [weak self] update in
                notes += update.notes
                guard let self, !resumed, !self.cues.isEmpty || self.ended || self.failure != nil else { return }
                resumed = true
                self.pause()
                continuation.resume()
            }
        }
        if let failure {
            stop()
            throw Platform.Failure(message: failure, status: 1)
        }
        guard !cues.isEmpty else {
            stop()
            throw Platform.Failure(message: noMessages, status: 1)
        }
        return CueFileParser.Result(cues: cues, notes: notes, zones: deckZones)
    }
}
