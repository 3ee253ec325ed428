import Glibc
import MarqueeCore

/// Notices when the cue file changed on disk and re-reads it, so a sign can
/// be updated by editing its file (docs/motion-policy.md: the check's interval follows the
/// quality tier). A file that became unreadable or empty keeps the old flow.
///
/// A file that could not be *read* (no permission yet, out of file
/// descriptors, gone for a moment) is read again at every check until it
/// is, whether or not it changes: content written with mode 000 and made
/// readable later, which changes neither its size nor its time, must still
/// arrive (issue 24). A failure is said once, until it changes; content
/// that was read and could not be parsed waits for the file to change.
final class CueReloader {
    enum Outcome: Equatable {
        case unchanged
        /// The file read again: its cues and its deck's `"zones"` (nil: none).
        case changed([Cue], zones: [SignZone]? = nil)
        case failed(String)
    }

    /// What a file read again plays: its cues, and its deck's `"zones"`.
    typealias Deck = (cues: [Cue], zones: [SignZone]?)

    private let path: String
    private let read: (String) throws(Platform.Failure) -> [UInt8]
    private let parse: ([UInt8]) throws(Platform.Failure) -> Deck
    private var signature: FileSignature?
    /// The last read's failure, while the file stays unread.
    private var unread: String?

    /// What identifies a version of the file without reading it.
    private struct FileSignature: Equatable {
        let size: Int64
        let modified: timespec
        let inode: UInt64

        static func == (a: FileSignature, b: FileSignature) -> Bool {
            a.size == b.size && a.inode == b.inode && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    init(path: String, read: @escaping (String) throws(Platform.Failure) -> [UInt8],
         parse: @escaping ([UInt8]) throws(Platform.Failure) -> Deck) {
        self.path = path
        self.read = read
        self.parse = parse
        signature = CueReloader.signature(of: path)
    }

    func check() -> Outcome {
        let current = CueReloader.signature(of: path)
        let changed = current != signature
        guard changed || unread != nil else { return .unchanged }
        signature = current
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            let message = CueReloader.failureMessage(path: path, reason: error.message)
            // Read again next time; said again only when something changed.
            let said = unread
            unread = message
            return changed || message != said ? .failed(message) : .unchanged
        }
        unread = nil
        do {
            let deck = try parse(bytes)
            return .changed(deck.cues, zones: deck.zones)
        } catch {
            return .failed(CueReloader.failureMessage(path: path, reason: error.message))
        }
    }

    /// What a failed reload says, in the log and on the sign: the file's
    /// name first, since the line may be cut at the terminal's edge.
    /// Errors about the file begin with its path (`PATH: cannot read cue
    /// file: …`), which the name already says.
    static func failureMessage(path: String, reason: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let reason = reason.hasPrefix(path + ": ") ? String(reason.dropFirst(path.count + 2)) : reason
        return "\(TerminalText.visible(name)): reload failed, kept the previous cues: \(reason)"
    }

    private static func signature(of path: String) -> FileSignature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileSignature(size: Int64(info.st_size), modified: info.st_mtim, inode: UInt64(info.st_ino))
    }
}
