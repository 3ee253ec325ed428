import EventLoop
import Glibc
import MarqueeCore

/// Reads `-f -` as it arrives, in the event loop: the sign starts with the
/// first line and each later read adds its lines to the flow
/// (docs/cue-flow.md, "Live input").
///
/// Standard input is made non-blocking here, and only when it is not a
/// terminal (a terminal stdin is read to its end before the sign starts,
/// since the sign takes that terminal). A pipe from a shell is ours alone;
/// a file description shared with other processes (`cmd | (ledmarquee -f
/// -; other)`, a redirected file) would see the flag too, so the original
/// flags are put back at the end of input and when the sign stops.
@MainActor
final class StandardInputFeed: LiveCueSource {
    /// Bytes read at most per readiness: one read per turn, so a flood of
    /// input cannot starve the keys.
    static let readSize = 65_536

    private let fd: Int32
    private var stream: CueStream
    private var list: LiveCueList
    private var watch: FDWatch?
    private var savedFlags: Int32?
    private var buffer = [UInt8](repeating: 0, count: StandardInputFeed.readSize)
    private(set) var ended = false
    private(set) var failure: String?
    private(set) var formatChoice: CueStream.Choice?
    /// The `"zones"` of the deck read (one deck per input); nil for none.
    private(set) var deckZones: [SignZone]?
    private var onUpdate: ((LiveCueUpdate) -> Void)?
    /// `--format auto` after a `[`: the silence that makes it text.
    private var silence: LoopTimer?

    /// How long `auto` waits, with nothing arriving, for a `[` to become a
    /// whole JSON deck before it reads the input as text: a deck piped in
    /// arrives at once, a log line that only looks like JSON's start is text.
    static let undecidedSilence: Duration = .seconds(1)

    init(fd: Int32 = STDIN_FILENO, seconds: Double, format: CueInputFormat, latestOnly: Bool) {
        self.fd = fd
        stream = CueStream(name: "standard input", seconds: seconds, format: format)
        list = LiveCueList(latestOnly: latestOnly)
    }

    var cues: [Cue] { list.cues }
    var noMessages: String { "standard input: no messages (every line is blank or a # comment)" }

    func follow(_ onUpdate: @escaping (LiveCueUpdate) -> Void) {
        self.onUpdate = onUpdate
        resume()
    }

    func stop() {
        endOfInput()
        onUpdate = nil
    }

    private func resume() {
        guard watch == nil, !ended, failure == nil else { return }
        if savedFlags == nil, isatty(fd) != 1 {
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 { savedFlags = flags }
        }
        watch = EventLoop.main.watch(fd: fd) { [weak self] events in
            MainActor.assumeIsolated { self?.ready(events) }
        }
    }

    func pause() {
        if let watch { EventLoop.main.unwatch(watch) }
        watch = nil
    }

    /// No more reading: the end of input, a failed read, or the sign's end.
    private func endOfInput() {
        ended = true
        pause()
        stopSilence()
        if let savedFlags {
            _ = fcntl(fd, F_SETFL, savedFlags)
            self.savedFlags = nil
        }
    }

    /// One read per readiness; a hang-up with nothing left is the end.
    private func ready(_ events: FDEvents) {
        guard watch != nil else { return }
        var count = 0
        if events.contains(.readable) {
            count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { return }
                fail("standard input: cannot read cue file: \(String(cString: strerror(code)))")
                return
            }
        }
        do throws(CueFileParser.ParseError) {
            if count == 0 {
                endOfInput()
                apply(try stream.finish())
            } else {
                apply(try stream.feed(buffer[0..<count]))
            }
        } catch {
            fail(error.message)
        }
    }

    /// Before the sign starts a failure is the program's error; after, a
    /// note, and the flow it has keeps playing.
    private func fail(_ message: String) {
        endOfInput()
        if list.cues.isEmpty { failure = message }
        onUpdate?(LiveCueUpdate(cues: nil, notes: list.cues.isEmpty ? [] : [message]))
    }

    private func apply(_ batch: CueStream.Batch) {
        if stream.isUndecided, !ended { restartSilence() } else { stopSilence() }
        let changed = list.add(batch.cues)
        var update = LiveCueUpdate(changed: changed, list: list, notes: batch.notes)
        update.choice = batch.choice
        if let choice = batch.choice { formatChoice = choice }
        if let zones = batch.zones {
            // One deck per input: its zones come once (docs/zones.md, "In a deck").
            deckZones = zones
            update.inputs.append(.deckZones(zones))
        }
        onUpdate?(update)
    }

    /// Each read while `auto` is undecided starts the silence over.
    private func restartSilence() {
        stopSilence()
        silence = EventLoop.main.schedule(at: .now + Self.undecidedSilence) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.silence = nil
                self.apply(self.stream.decideLines())
            }
        }
    }

    private func stopSilence() {
        if let silence { EventLoop.main.cancel(silence) }
        silence = nil
    }
}
