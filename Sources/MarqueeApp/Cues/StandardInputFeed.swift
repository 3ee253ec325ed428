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
final class StandardInputFeed {
    /// What one read changed.
    struct Update {
        /// The whole new flow, when the read added a line.
        var cues: [Cue]?
        var notes: [String]
    }

    /// Bytes read at most per readiness: one read per turn, so a flood of
    /// input cannot starve the keys.
    static let readSize = 65_536

    private let fd: Int32
    private var stream: CueStream
    private var list: LiveCueList
    private var watch: FDWatch?
    private var savedFlags: Int32?
    private var buffer = [UInt8](repeating: 0, count: StandardInputFeed.readSize)
    private var ended = false
    private var failure: String?
    private var onUpdate: ((Update) -> Void)?

    init(fd: Int32 = STDIN_FILENO, seconds: Double, format: CueInputFormat, latestOnly: Bool) {
        self.fd = fd
        stream = CueStream(name: "standard input", seconds: seconds, format: format)
        list = LiveCueList(latestOnly: latestOnly)
    }

    /// Waits, in the loop, for the first line (or a deck's end); an input
    /// that ends with no message is the cue file's "no messages" error.
    /// Ctrl-C still ends the program here: signals are blocked only later.
    func firstCues() async throws(Platform.Failure) -> CueFileParser.Result {
        var notes: [String] = []
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var resumed = false
            onUpdate = { [weak self] update in
                notes += update.notes
                guard let self, !resumed, update.cues != nil || self.ended || self.failure != nil else { return }
                resumed = true
                self.pause()
                continuation.resume()
            }
            resume()
        }
        onUpdate = nil
        if let failure { throw Platform.Failure(message: failure, status: 1) }
        guard !list.cues.isEmpty else {
            throw Platform.Failure(message: "standard input: no messages (every line is blank or a # comment)", status: 1)
        }
        return CueFileParser.Result(cues: list.cues, notes: notes)
    }

    /// Goes on reading; `onUpdate` gets each read's change, on the loop.
    func follow(_ onUpdate: @escaping (Update) -> Void) {
        self.onUpdate = onUpdate
        resume()
    }

    /// Stops reading and gives standard input its flags back. Idempotent.
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

    private func pause() {
        if let watch { EventLoop.main.unwatch(watch) }
        watch = nil
    }

    /// No more reading: the end of input, a failed read, or the sign's end.
    private func endOfInput() {
        ended = true
        pause()
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
        onUpdate?(Update(cues: nil, notes: list.cues.isEmpty ? [] : [message]))
    }

    private func apply(_ batch: CueStream.Batch) {
        let changed = list.add(batch.cues)
        onUpdate?(Update(cues: changed ? list.cues : nil, notes: batch.notes))
    }
}
