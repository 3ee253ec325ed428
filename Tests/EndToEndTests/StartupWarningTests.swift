import Foundation
import Testing

extension EndToEnd.Screens {
    /// What is said on stderr before the sign starts: a `--sysfs-root` that
    /// is no sysfs is an error, a deck's out-of-range seconds and unknown
    /// keys are warnings, each naming the place (docs/cue-flow.md).
    @Suite("Start-up errors and warnings")
    struct StartupWarnings {
        @Test("a --sysfs-root that is missing, a file, or no sysfs at all is a one-line error, exit 1", arguments: [
            ("missing", "missing: cannot read sysfs: No such file or directory"),
            ("file", "file: cannot read sysfs: Not a directory"),
            ("empty", "empty: not a sysfs tree (no class, devices, bus, kernel, firmware folder in it)"),
        ])
        func badSysfsRoot(name: String, message: String) async throws {
            let directory = try E2E.makeTemporaryDirectory("sysfs-root")
            defer { try? FileManager.default.removeItem(at: directory) }
            try Data().write(to: directory.appendingPathComponent("file"))
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: false)
            let result = try await runCommand("/bin/sh", ["-c", "cd \"$1\" && exec \"$0\" --sysfs-root \"$2\" HI", try E2E.binaryPath(),
                                                          directory.path, name])
            #expect(result.status == 1)
            #expect(result.stderr == "ledmarquee: \(message)\n")
        }

        @Test("a deck's unknown keys and out-of-range seconds are warnings on stderr; the deck still plays")
        func deckWarnings() async throws {
            let directory = try E2E.makeTemporaryDirectory("deck-warnings")
            defer { try? FileManager.default.removeItem(at: directory) }
            let deck = directory.appendingPathComponent("deck.json")
            try Data(#"[{"text": "ONE", "secs": 8}, {"text": "TWO", "seconds": 60}]"#.utf8).write(to: deck)
            let result = try await runCommand(try E2E.binaryPath(), ["--snapshot", "-f", deck.path], environment: E2E.childEnvironment())
            #expect(result.status == 0)
            #expect(result.stderr.split(separator: "\n") == [
                #"ledmarquee: warning: \#(deck.path): entry 1: unknown key "secs" ignored (an entry has "text", "caption", "seconds", "color", "style", "speed", "static", "blink", "brightness", "mode", "enter", "exit", "days", "hours", "from", "until")"#,
                #"ledmarquee: warning: \#(deck.path): entry 2: "seconds" 60 is out of range; using 20 (seconds are 2 to 20)"#,
            ])
            #expect(result.stdout.contains("●"), "the frame is still drawn")
        }

        @Test("warnings stop after five lines, with a count of the rest")
        func manyWarnings() async throws {
            let directory = try E2E.makeTemporaryDirectory("deck-many-warnings")
            defer { try? FileManager.default.removeItem(at: directory) }
            let deck = directory.appendingPathComponent("deck.json")
            let entries = (1...40).map { #"{"text": "M\#($0)", "colr": "red"}"# }
            try Data(("[" + entries.joined(separator: ",") + "]").utf8).write(to: deck)
            let result = try await runCommand(try E2E.binaryPath(), ["--snapshot", "-f", deck.path], environment: E2E.childEnvironment())
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 6)
            #expect(lines.last == "ledmarquee: warning: and 35 more like these")
        }
    }
}
