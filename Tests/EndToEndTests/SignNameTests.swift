import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// Two signs on one machine (docs/control.md; issue 26 item 4): a
    /// second `ledmarquee` without `--name` in another pane plays as
    /// `default-2` and says so, and `send` finds the signs that run.
    @Suite("Two signs on one machine")
    struct SignNames {
        @Test("a second sign takes default-2 and says so; send lists both and exits 2, --list and ls list them, and the one left is reached without --name")
        func secondSign() async throws {
            let first = try await Session.start("names-first", Launch(arguments: ["ONE"]))
            defer { first.close() }
            try await first.waitForEvent("first cue") { $0.name == "cue" }
            let runtime = first.runtimeDirectory
            let directory = runtime.appendingPathComponent("ledmarquee").path

            // The second pane: before, it exited 1 with "a sign is already running".
            let second = try await Session.start(
                "names-second", Launch(arguments: ["TWO"], stderrToFile: true, environment: ["XDG_RUNTIME_DIR": runtime.path]))
            defer { second.close() }
            try await second.waitForEvent("first cue") { $0.name == "cue" }
            let notice = "default is taken by another sign: this one is default-2 (ledmarquee send --name default-2)"
            let screen = try await second.waitForText(notice)
            #expect(screen.lines.last?.contains(notice) == true, "on the status line: \(screen.lines.suffix(2))")
            #expect(second.events("error").contains { $0.string("message") == notice }, "\(second.events().prefix(4))")
            #expect(second.stderrText == "ledmarquee: \(notice)\n", "\(second.stderrText)")
            #expect(access(directory + "/default-2.sock", F_OK) == 0)

            let list = "default    \(directory)/default.sock\ndefault-2  \(directory)/default-2.sock\n"
            let several = try await Control.send(["next"], runtime: runtime)
            #expect(several.status == 2 && several.stdout.isEmpty, "\(several.status) \(several.stderr)")
            #expect(several.stderr == "ledmarquee: 2 signs are running; say which with --name:\n"
                    + list.split(separator: "\n").map { "  \($0)\n" }.joined(), "\(several.stderr)")
            #expect(first.events("cue").count == 1 && second.events("cue").count == 1, "nothing was sent")
            for words in [["--list"], ["ls"]] {
                let listed = try await Control.send(words, runtime: runtime)
                #expect(listed.status == 0 && listed.stdout == list && listed.stderr.isEmpty, "\(words): \(listed.stdout) \(listed.stderr)")
            }
            let named = try await Control.send(["--name", "default-2", "status"], runtime: runtime)
            #expect(Control.jsonObject(named.stdout.trimmingCharacters(in: .newlines))?["text"] as? String == "TWO", "\(named.stdout)")

            // A name given and taken stays the error it was.
            let third = try await Session.start(
                "names-third", Launch(arguments: ["--name", "default-2", "THREE"], stderrToFile: true,
                                      environment: ["XDG_RUNTIME_DIR": runtime.path]))
            defer { third.close() }
            #expect(try await third.waitForExit(timeout: 10) == 1)
            #expect(third.stderrText == "ledmarquee: default-2: a sign is already running on \(directory)/default-2.sock\n",
                    "\(third.stderrText)")

            // The first sign ends: `send` without a name reaches the one left.
            try await first.send("q")
            #expect(try await first.waitForExit(timeout: 5) == 0)
            let only = try await Control.send(["status"], runtime: runtime)
            #expect(only.status == 0, "\(only.stderr)")
            #expect(Control.jsonObject(only.stdout.trimmingCharacters(in: .newlines))?["text"] as? String == "TWO", "\(only.stdout)")
            let after = try await Control.send(["ls"], runtime: runtime)
            #expect(after.stdout == "default-2  \(directory)/default-2.sock\n", "\(after.stdout)")

            try await second.send("q")
            #expect(try await second.waitForExit(timeout: 5) == 0)
            let none = try await Control.send(["ls"], runtime: runtime)
            #expect(none.status == 1 && none.stdout.isEmpty && none.stderr == "ledmarquee: no sign is running (none answers in \(directory))\n",
                    "\(none.stderr)")
        }
    }
}
