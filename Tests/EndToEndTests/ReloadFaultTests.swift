import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
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

extension EndToEnd.Flows.ReloadFaults {
    @Test("content that arrives with mode 000 is loaded once it becomes readable, though the file does not change again")
    func unreadableThenReadable() async throws {
        // Run as nobody: root reads a mode 000 file.
        let sign = try HeadlessSign.start("reload-000", arguments: ["-s", "20", "--no-control"], cues: "ONE\nTWO\n", control: false, user: 65_534)
        defer { sign.close() }
        try await sign.waitForEvent("first cue") { $0.name == "cue" }
        let path = sign.directory.appendingPathComponent("cues.txt").path
        let new = sign.directory.appendingPathComponent("cues.new").path
        try writeFile("ONE\nTWO\nTHREE\n", to: URL(fileURLWithPath: new))
        #expect(chmod(new, 0) == 0 && rename(new, path) == 0)
        let error = try await sign.waitForEvent("the failed read", timeout: 6) {
            $0.name == "error" && ($0.string("message") ?? "").hasPrefix("cues.txt: reload failed, kept the previous cues: ")
        }
        #expect((error.string("message") ?? "").hasSuffix("Permission denied"), "\(error)")
        #expect(chmod(path, 0o644) == 0)
        // Checked every 2 s at the full tier: the next check reads it.
        let reload = try await sign.waitForEvent("the reload", timeout: 6) { $0.name == "reload" }
        #expect(reload.int("count") == 3, "\(reload)")
        #expect(sign.events().filter { $0.name == "error" }.count == 1, "the failure said once: \(sign.diagnostics())")
    }
}
