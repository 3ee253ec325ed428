import Glibc
import MarqueeCore

/// Notices when the cue file changed on disk and re-reads it, so a sign can
/// be updated by editing its file (docs/motion-policy.md: the check's interval follows the
/// quality tier). A file that became unreadable or empty keeps the old flow.
final class CueReloader {
    enum Outcome: Equatable {
        case unchanged
        case changed([Cue])
        case failed(String)
    }

    private let path: String
    private let load: (String) throws(Platform.Failure) -> [Cue]
    private var signature: FileSignature?

    /// What identifies a version of the file without reading it.
    private struct FileSignature: Equatable {
        let size: Int64
        let modified: timespec
        let inode: UInt64

        static func == (a: FileSignature, b: FileSignature) -> Bool {
            a.size == b.size && a.inode == b.inode && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    init(path: String, load: @escaping (String) throws(Platform.Failure) -> [Cue]) {
        self.path = path
        self.load = load
        signature = CueReloader.signature(of: path)
    }

    func check() -> Outcome {
        let current = CueReloader.signature(of: path)
        guard current != signature else { return .unchanged }
        signature = current
        do {
            return .changed(try load(path))
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
