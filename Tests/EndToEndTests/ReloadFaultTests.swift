import Foundation
import Glibc
import Testing

extension EndToEnd {
    /// The cue file replaced, while the sign plays, by things a read could
    /// hang on or choke on, or deleted. The reload check runs on the event
    /// loop, so none of them may block it: each is an `error` event and a
    /// notice on the sign, the old flow plays on, and the sign still answers
    /// its keys.
    @Suite("Cue file faults while playing")
    struct ReloadFaults {
        enum Replacement: String, CaseIterable, CustomTestStringConvertible {
            case deleted, fifo, directory, sparse
            var testDescription: String {
                switch self {
                case .deleted: "nothing (deleted)"
                case .fifo: "a FIFO (opening it would wait for a writer)"
                case .directory: "a directory"
                case .sparse: "a 2 GB sparse file"
                }
            }
            var reason: String {
                switch self {
                case .deleted: "No such file or directory"
                case .fifo: "not a regular file"
                case .directory: "Is a directory"
                case .sparse: "larger than 16 MB"
                }
            }
        }

        @Test("the cue file is deleted or replaced by something that is not a cue file", arguments: Replacement.allCases)
        func replaced(by replacement: Replacement) async throws {
            let session = try await Session.start(
                "reload-\(replacement.rawValue)", Launch(arguments: ["-s", "20", "-f", "cues.txt"], prepare: CueFlow.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let path = session.directory.appendingPathComponent("cues.txt").path
            #expect(unlink(path) == 0)
            switch replacement {
            case .deleted:
                break
            case .fifo:
                #expect(mkfifo(path, 0o600) == 0)
            case .directory:
                #expect(mkdir(path, 0o700) == 0)
            case .sparse:
                let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
                try #require(fd >= 0)
                #expect(ftruncate(fd, 2 << 30) == 0)
                close(fd)
            }
            // Checked every 2 s at the full tier.
            let error = try await session.waitForEvent("reload error", timeout: 6) {
                $0.name == "error" && ($0.string("message") ?? "").hasPrefix("cues.txt: reload failed, kept the previous cues: ")
            }
            #expect((error.string("message") ?? "").contains(replacement.reason), "\(error)")
            // Said on the sign too, for at least the notice's 3 s.
            let screen = try await session.waitForText("cues.txt: reload failed, kept the previous cues", timeout: 3)
            #expect(screen.line(session.launch.rows - 1).contains("reload failed"), "on the controls line:\n\(screen.text)")
            // The loop is free: a key is answered, the old flow still plays.
            try await session.send("n")
            let cue = try await session.waitForEvent("cue after n") { $0.name == "cue" && $0.t > error.t }
            #expect(cue.int("count") == 3, "\(cue)")
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
        }
    }
}
