import EventLoop
import Glibc
import MarqueeCore

/// `--follow FILE`, like `tail -F`: the file's lines, then each line
/// appended later joins the flow (docs/cue-flow.md, "Live input").
///
/// An inotify descriptor in the event loop says when to look, so an idle
/// sign never wakes to poll: the file for writes (`IN_MODIFY`), its
/// directory for the name being created, moved or removed. Each wake-up
/// looks again in one place (`refresh`): a new file under the name is read
/// from its start and replaces the flow; a file that shrank was truncated,
/// and is read again from its start; otherwise what was appended is read.
/// A name that is gone keeps the flow playing until a file comes back.
@MainActor
final class FollowedFileFeed: LiveCueSource {
    /// Bytes read from the file per wake-up at most; more waits one loop
    /// turn, so a flood cannot starve the keys.
    static let readBudget = 1_048_576
    private static let chunk = 65_536

    private let path: String
    private let name: String
    private let seconds: Double
    private let latestOnly: Bool
    private var stream: CueStream
    private var list: LiveCueList
    private var file: Int32 = -1
    private var identity: (device: UInt64, inode: UInt64)?
    private var offset: Int64 = 0
    private var inotify: Int32 = -1
    private var fileWatch: Int32 = -1
    private var watch: FDWatch?
    private var moreTimer: LoopTimer?
    private var buffer = [UInt8](repeating: 0, count: FollowedFileFeed.chunk)
    private var onUpdate: ((LiveCueUpdate) -> Void)?
    private(set) var failure: String?
    let ended = false

    /// Opens the file (a regular file only, as a reload reads) and the
    /// inotify descriptor; the error is the cue file's.
    init(path: String, seconds: Double, latestOnly: Bool) throws(Platform.Failure) {
        self.path = path
        name = TerminalText.visible(path)
        self.seconds = seconds
        self.latestOnly = latestOnly
        stream = CueStream(name: name, seconds: seconds, format: .lines)
        list = LiveCueList(latestOnly: latestOnly)
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw failure("inotify: \(String(cString: strerror(errno)))") }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        guard inotify_add_watch(inotify, directory.isEmpty ? "/" : directory, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            throw failure(reason)
        }
        if let reason = open() {
            close(inotify)
            throw failure(reason)
        }
    }

    var cues: [Cue] { list.cues }
    var noMessages: String { "\(name): no messages (every line is blank or a # comment)" }

    func follow(_ onUpdate: @escaping (LiveCueUpdate) -> Void) {
        self.onUpdate = onUpdate
        guard watch == nil, inotify >= 0 else { return }
        watch = EventLoop.main.watch(fd: inotify) { [weak self] _ in
            MainActor.assumeIsolated { self?.ready() }
        }
        // What is in the file already counts as the first read.
        refresh()
    }

    func pause() {
        if let watch { EventLoop.main.unwatch(watch) }
        watch = nil
        if let moreTimer { EventLoop.main.cancel(moreTimer) }
        moreTimer = nil
    }

    func stop() {
        pause()
        onUpdate = nil
        if file >= 0 { close(file) }
        if inotify >= 0 { close(inotify) }
        file = -1
        inotify = -1
    }

    private func failure(_ reason: String) -> Platform.Failure {
        Platform.Failure(message: "\(name): cannot read cue file: \(reason)", status: 1)
    }

    /// Opens the file under the name; the reason when it cannot be followed.
    private func open() -> String? {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return "not a regular file"
        }
        let watch = inotify_add_watch(inotify, path, UInt32(IN_MODIFY))
        guard watch >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return reason
        }
        if file >= 0 { close(file) }
        if fileWatch >= 0, fileWatch != watch { inotify_rm_watch(inotify, fileWatch) }
        file = fd
        fileWatch = watch
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        // A file larger than a cue file may be is read from that far
        // before its end; the first, partial line there is dropped.
        let start = max(0, Int64(info.st_size) - Int64(Program.maximumCueFileBytes))
        offset = start
        stream = CueStream(name: name, seconds: seconds, format: .lines)
        if start > 0 { skipPartialLine() }
        return nil
    }

    /// Drains the inotify queue once; what happened is looked at afresh.
    private func ready() {
        var events = [UInt8](repeating: 0, count: 4_096)
        _ = events.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        refresh()
    }

    private func refresh() {
        var replaced = false
        var notes: [String] = []
        var info = stat()
        if stat(path, &info) == 0, identity.map({ $0 != (UInt64(info.st_dev), UInt64(info.st_ino)) }) ?? true {
            // A new file under the name (tail -F): read it from its start.
            if let reason = open() {
                notes.append("\(name): cannot follow the new file: \(reason)")
            } else {
                replaced = true
            }
        } else if fstat(file, &info) == 0, Int64(info.st_size) < offset {
            // Truncated: what it holds now is the whole of it.
            offset = 0
            stream = CueStream(name: name, seconds: seconds, format: .lines)
            replaced = true
        }
        let (batch, more) = readAppended()
        notes += batch.notes
        var changed = false
        if replaced {
            list.replace(with: batch.cues)
            changed = !list.cues.isEmpty
        } else {
            changed = list.add(batch.cues)
        }
        if more, moreTimer == nil {
            moreTimer = EventLoop.main.schedule(at: .now) { [weak self] in
                MainActor.assumeIsolated {
                    self?.moreTimer = nil
                    self?.refresh()
                }
            }
        }
        if changed || !notes.isEmpty { onUpdate?(LiveCueUpdate(changed: changed, list: list, notes: notes)) }
    }

    /// What was appended since the last read, up to the budget; whether
    /// more is there. Only complete lines count: a line joins when its
    /// newline is written.
    private func readAppended() -> (CueStream.Batch, more: Bool) {
        var batch = CueStream.Batch()
        var total = 0
        while total < Self.readBudget {
            let count = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, off_t(offset)) }
            guard count > 0 else { return (batch, false) }
            offset += Int64(count)
            total += count
            // A stream of lines never throws (only a deck has a size bound).
            if let piece = try? stream.feed(buffer[0..<count]) {
                batch.cues += piece.cues
                batch.notes += piece.notes
            }
        }
        return (batch, true)
    }

    /// Moves past the rest of a line begun before where reading starts.
    private func skipPartialLine() {
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, off_t(offset)) }
            guard count > 0 else { return }
            if let newline = buffer[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
                offset += Int64(newline + 1)
                return
            }
            offset += Int64(count)
        }
    }
}
