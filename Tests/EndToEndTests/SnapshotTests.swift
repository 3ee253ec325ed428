import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// `ledmarquee send snapshot --png FILE` against a sign playing in tmux
    /// (docs/control.md, "Snapshots"): the PNG, decoded by Pillow, is the
    /// one `--export` draws of the same sign; the file is 0644 and whole;
    /// bad targets and refusals leave nothing behind.
    @Suite("Snapshot of a running sign")
    struct SignSnapshot {
        static let lit = [255, 32, 16]
        static let black = [0, 0, 0]
        /// The sign: "HI" at rest on the session's 100x30 pane.
        static let shape = ["--static", "HI"]

        static func send(_ arguments: [String], in directory: URL) async throws -> CommandResult {
            // The usual umask, whatever the test runner's: the file must be 0644.
            let words = ([try E2E.binaryPath(), "send"] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
            return try await runCommand("/bin/sh", ["-c", "cd '\(directory.path)' && umask 022 && exec \(words)"],
                                        environment: E2E.childEnvironment(), timeout: 20)
        }

        /// A sign playing `shape`, and its socket.
        static func sign(_ label: String) async throws -> (Session, String) {
            let session = try await Session.start(label, Launch(arguments: ["--control", "control.sock"] + shape))
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            return (session, session.directory.appendingPathComponent("control.sock").path)
        }

        /// `--export`'s PNG of `shape` on the session's 100x30 pane, in `directory`.
        static func exported(in directory: URL) async throws -> String {
            let path = directory.appendingPathComponent("export.png").path
            let export = try await runCommand(try E2E.binaryPath(), ["--export", path, "--cols", "100", "--rows", "30"] + shape,
                                              timeout: 60)
            guard export.status == 0 else { throw E2EFailure("--export: \(export.stderr)") }
            return path
        }

        /// Snapshots (through `send`'s `arguments`, into `out.png`) until
        /// one is `exported`'s picture: the sign's fade in is over. The
        /// comparison of the last one.
        static func atRest(_ arguments: [String], in directory: URL, exported: String,
                           pitch: Int = 8) async throws -> PictureCompare.Outcome {
            let path = directory.appendingPathComponent("out.png").path
            var last: PictureCompare.Outcome?
            return try await waitFor("a snapshot of the sign at rest", timeout: 15, context: { "\(String(describing: last))" }) {
                let result = try await send(arguments + ["snapshot", "--png", "out.png"], in: directory)
                guard result.status == 0, result.stderr.isEmpty else { throw E2EFailure("send snapshot: \(result.stderr)") }
                let outcome = try await PictureCompare.compare(path, with: exported, pitch: pitch, lit: lit)
                last = outcome
                return outcome.equal ? outcome : nil
            }
        }

        @Test("the PNG is the sign's panel × led-pixels, --export's picture pixel for pixel: a lit LED's centre lit, its corner the gap; mode 0644")
        func picture() async throws {
            let (session, socket) = try await Self.sign("snapshot")
            defer { session.close() }
            let scratch = try E2E.makeTemporaryDirectory("snapshot")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let exported = try await Self.exported(in: scratch)
            let rest = try await Self.atRest(["--control", socket], in: scratch, exported: exported)
            #expect(rest.equal && rest.width == 400)
            for pitch in [8, 5] {
                let result = try await Self.send(["--control", socket, "snapshot", "--png", "out.png"]
                                                 + (pitch == 8 ? [] : ["--led-pixels", String(pitch)]), in: scratch)
                #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.status) \(result.stderr)")
                let path = scratch.appendingPathComponent("out.png").path
                var status = stat()
                #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o644, "mode \(String(status.st_mode & 0o777, radix: 8))")
                let outcome = try await PictureCompare.compare(path, with: exported, pitch: pitch, lit: Self.lit)
                // "HI" on 100x30 cells: 50x28 LEDs of the dots style.
                #expect(outcome.width == 50 * pitch && outcome.height == 28 * pitch, "\(outcome)")
                if pitch == 8 { #expect(outcome.equal, "the snapshot differs from --export's picture of the same sign") }
                #expect(outcome.centre == Self.lit && outcome.corner == Self.black, "\(outcome)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["export.png", "out.png"])
        }

        @Test("two clients at once both get the picture (one is made, both are answered)")
        func together() async throws {
            let (session, socket) = try await Self.sign("snapshot-two")
            defer { session.close() }
            let scratch = try E2E.makeTemporaryDirectory("snapshot")
            defer { try? FileManager.default.removeItem(at: scratch) }
            _ = try await Self.atRest(["--control", socket], in: scratch, exported: try await Self.exported(in: scratch))
            async let first = Self.send(["--control", socket, "snapshot", "--png", "a.png"], in: scratch)
            async let second = Self.send(["--control", socket, "snapshot", "--png", "b.png"], in: scratch)
            let results = try await [first, second]
            #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
            let a = try Data(contentsOf: scratch.appendingPathComponent("a.png"))
            let b = try Data(contentsOf: scratch.appendingPathComponent("b.png"))
            #expect(a == b && a.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // The sign plays on.
            let status = try await Self.send(["--control", socket, "status"], in: scratch)
            #expect(status.status == 0 && status.stdout.contains("\"text\":\"HI\""), "\(status.stdout)")
        }

        @Test("a directory, a FIFO, a missing directory: one line, exit 1, the sign not asked; a refusal keeps FILE; nothing left behind")
        func badTargets() async throws {
            let (session, socket) = try await Self.sign("snapshot-bad")
            defer { session.close() }
            let scratch = try E2E.makeTemporaryDirectory("snapshot")
            defer { try? FileManager.default.removeItem(at: scratch) }
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent("dir"), withIntermediateDirectories: false)
            #expect(mkfifo(scratch.appendingPathComponent("pipe").path, 0o600) == 0)
            try Data("old".utf8).write(to: scratch.appendingPathComponent("kept.png"))
            let cases: [([String], String)] = [
                (["--png", "dir"], "ledmarquee: cannot write 'dir': is a directory\n"),
                (["--png", "pipe"], "ledmarquee: cannot write 'pipe': is not a regular file (a FIFO, socket or device)\n"),
                (["--png", "missing/x.png"], "ledmarquee: cannot write 'missing/x.png': No such file or directory\n"),
                (["--png", "kept.png", "--led-pixels", "0"], "ledmarquee: 'led-pixels' must be a whole number from 1 to 64\n"),
            ]
            for (words, message) in cases {
                let result = try await Self.send(["--control", socket, "snapshot"] + words, in: scratch)
                #expect(result.status == 1 && result.stdout.isEmpty, "\(words): \(result.status)")
                #expect(result.stderr == message, "\(words)")
            }
            #expect(try String(contentsOf: scratch.appendingPathComponent("kept.png"), encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["dir", "kept.png", "pipe"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("dir").path).isEmpty)
        }
    }
}
