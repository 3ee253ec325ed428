import Foundation
import Testing

extension EndToEnd.Screens {
    @Suite("Without a terminal")
    struct NoTerminal {
        enum Term: String, CaseIterable, CustomTestStringConvertible {
            case dumb, unset, unknown = "no-such-terminal-e2e"
            /// An entry that exists but cannot address the cursor.
            case withoutCursorAddressing = "lm-nocup"
            var testDescription: String { "TERM=\(self == .unset ? "(unset)" : rawValue)" }
        }

        @Test("an unusable TERM gives a one-line error suggesting --snapshot and exit 1", arguments: Term.allCases)
        func unusableTerm(term: Term) async throws {
            let terminfo = term == .withoutCursorAddressing
                ? try await ScratchTerminfo.compile(ScratchTerminfo.withoutCursorAddressing) : nil
            defer { terminfo?.remove() }
            let session = try await Session.start(
                "term", Launch(arguments: ["hi"], term: term == .unset ? nil : term.rawValue, stderrToFile: true,
                               environment: terminfo?.environment ?? [:]))
            defer { session.close() }
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 1)
            let lines = session.stderrText.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "one line on stderr: \(lines)")
            #expect(session.stderrText.contains("--snapshot"), "suggests --snapshot: \(session.stderrText)")
            let stty = try #require(session.sttyAfter)
            #expect(stty.isSane)
            let alternate = try await session.format("#{alternate_on}")
            #expect(alternate == "0")
        }

        @Test("--snapshot prints a frame without a terminal")
        func snapshot() async throws {
            let binary = try E2E.binaryPath()
            let environment = E2E.childEnvironment(removing: ["TERM"])
            let arguments = ["--snapshot", "--cols", "80", "--rows", "20", "--at", "2", "HI"]
            let result = try await runCommand(binary, arguments, environment: environment)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(result.stderr.isEmpty)
            let output = result.stdout
            #expect(!output.contains("\u{1B}"), "no escape sequences when stdout is not a terminal")
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 20, "one line per row: \(lines.count)")
            #expect(lines.allSatisfy { $0.count <= 80 }, "no line wider than 80 columns")
            #expect(lines.prefix(18).allSatisfy { $0.count == 79 || $0.count == 80 }, "the LED rows fill the width")
            let lit = output.filter { $0 == "●" }.count
            let unlit = output.filter { $0 == "·" }.count
            #expect(lit > 0, "some LEDs lit at 2 s:\n\(output)")
            #expect(unlit > lit)

            // Deterministic, and a function of --at.
            let again = try await runCommand(binary, arguments, environment: environment)
            #expect(again.stdout == output)
            var earlier = arguments
            earlier[6] = "1"
            let other = try await runCommand(binary, earlier, environment: environment)
            #expect(other.status == 0)
            #expect(other.stdout != output, "a different --at shows a different position")
        }
    
        @Test("--schedule prints a deck's week from --now, and --snapshot --now draws that moment's message")
        func schedulePreview() async throws {
            let scratch = try E2E.makeTemporaryDirectory("schedule")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let deck = scratch.appendingPathComponent("shop.json").path
            try #"[{"text":"OPEN","days":"Mon-Fri","hours":"09:00-17:00"},{"text":"SAT","days":"Sat"}]"#
                .write(toFile: deck, atomically: true, encoding: .utf8)
            let preview = try await Self.run(["--no-config", "-f", deck, "--quiet", "22:00-07:00", "--schedule", "--now", "2026-12-04T08:00"])
            #expect(preview.status == 0 && preview.stderr.isEmpty, "\(preview.status) \(preview.stderr)")
            let lines = preview.stdout.split(separator: "\n").map(String.init)
            #expect(Array(lines.prefix(6)) == [
                "What shows when, from Fri 2026-12-04 08:00 for 7 days (local time):", "Fri 2026-12-04",
                "  08:00  nothing", "  09:00  #1 OPEN", "  17:00  nothing", "  22:00  nothing · quiet: dim 20%",
            ], "\(preview.stdout)")
            #expect(lines.contains("  00:00  #2 SAT · quiet: dim 20%"), "\(preview.stdout)")
            let saturday = try await Self.run(["--no-config", "-f", deck, "--snapshot", "--now", "2026-12-05T12:00", "--cols", "40", "--rows", "8"])
            #expect(saturday.status == 0 && saturday.stdout.contains("SAT") && !saturday.stdout.contains("OPEN"), "\(saturday.stdout)")
            let refused = try await Self.run(["--now", "Sat 12:00", "HI"])
            #expect(refused.status == 2 && refused.stderr.contains("--now needs --schedule, --snapshot or --export"), "\(refused.stderr)")
        }

        @Test("--font 'DejaVu Sans' draws at the sign's own height: taller letters on a bigger panel, one LED a pixel")
        func installedFont() async throws {
            func litRows(_ columns: Int, _ rows: Int) async throws -> Int {
                let result = try await Self.run(["--no-config", "--snapshot", "--cols", "\(columns)", "--rows", "\(rows)",
                                                 "--font", "DejaVu Sans", "Sale today"])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
                return result.stdout.split(separator: "\n").filter { $0.contains("●") }.count
            }
            let small = try await litRows(80, 24), big = try await litRows(200, 50)
            // The built-in face is 7 rows of ink at scale 1 and 14 at scale 2.
            #expect(small >= 8 && big > small && big != 14, "\(small) \(big)")
            let missing = try await Self.run(["--no-config", "--snapshot", "--font", "/nonexistent/font.ttf", "X"])
            #expect(missing.status == 1 && missing.stderr.hasPrefix("ledmarquee: /nonexistent/font.ttf: "), "\(missing.stderr)")
        }

        static func run(_ arguments: [String]) async throws -> CommandResult {
            let environment = E2E.childEnvironment()
            return try await runCommand(try E2E.binaryPath(), arguments, environment: environment)
        }

        @Test("a usage error is one line plus a hint on stderr, exit 2", arguments: [
            ["--bogus"], ["-s"], ["--speed", "fast", "hi"], ["--style", "neon", "hi"], ["--style", "\u{1B}[2J\u{1B}]0;x\u{7}neon", "hi"],
        ])
        func usageError(arguments: [String]) async throws {
            let result = try await Self.run(arguments)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(!result.stderrData.contains(0x1B) && !result.stderrData.contains(0x07), "no raw escape on stderr: \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2, "error line and hint: \(lines)")
            #expect(lines.last?.contains("--help") == true)
        }

        @Test("an unreadable cue file is one line on stderr, exit 1")
        func unreadableFile() async throws {
            let result = try await Self.run(["-f", "/nonexistent-e2e/cues.txt"])
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            #expect(result.stderr.contains("/nonexistent-e2e/cues.txt"))
        }

        @Test("no diagnostic on any path writes a control, C1 or format character raw", arguments: [
            ["--color", "\u{1B}]2;PWNED\u{7}"], ["--style", "\u{9B}2J"], ["-s", "\u{202E}9"], ["--\u{1B}[2Jbogus"],
            ["-f", "/nonexistent/\u{1B}]2;x\u{7}\u{202E}"], ["--events", "/nonexistent/\u{9B}31m\u{200B}", "hi"],
            ["--font", "/nonexistent/\u{202E}\u{FEFF}", "hi"], ["--thermal", "\u{2066}hot", "hi"],
        ])
        func diagnosticsAreEscaped(arguments: [String]) async throws {
            let result = try await Self.run(arguments)
            #expect(result.status != 0)
            let text = String(decoding: result.stderrData, as: UTF8.self)
            #expect(!text.isEmpty)
            for scalar in text.unicodeScalars where scalar != "\n" {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.properties.generalCategory != .format,
                        "raw U+\(String(scalar.value, radix: 16, uppercase: true)) on stderr: \(text.debugDescription)")
            }
        }

        @Test("an out-of-range --seconds is one warning line on stderr; the run goes on")
        func secondsWarning() async throws {
            let result = try await Self.run(["--snapshot", "--cols", "80", "--rows", "20", "-s", "1", "HI"])
            #expect(result.status == 0)
            #expect(result.stderr == "ledmarquee: warning: --seconds 1 is out of range; using 2 (seconds are 2 to 20)\n")
            #expect(result.stdout.contains("●"))
        }

        @Test("the config file under XDG_CONFIG_HOME is read first; --no-config skips it; a bad line is exit 2 naming it")
        func configFile() async throws {
            let home = try E2E.makeTemporaryDirectory("config")
            defer { try? FileManager.default.removeItem(at: home) }
            let config = home.appendingPathComponent("ledmarquee/config")
            try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            var environment = E2E.childEnvironment()
            environment["XDG_CONFIG_HOME"] = home.path
            let binary = try E2E.binaryPath()
            let arguments = ["--snapshot", "--cols", "80", "--rows", "20", "--at", "2", "HI"]

            try Data("# the sign\nstyle = blocks\n".utf8).write(to: config)
            let blocks = try await runCommand(binary, arguments, environment: environment)
            #expect(blocks.status == 0 && blocks.stderr.isEmpty, "\(blocks.stderr)")
            #expect(blocks.stdout.contains("█") && !blocks.stdout.contains("●"))
            let overridden = try await runCommand(binary, ["--style", "dots"] + arguments, environment: environment)
            #expect(overridden.stdout.contains("●"), "the command line wins")
            let skipped = try await runCommand(binary, ["--no-config"] + arguments, environment: environment)
            #expect(skipped.stdout.contains("●"))

            try Data("style blocks\n\u{1B}]0;x\u{7}colr red\n".utf8).write(to: config)
            let bad = try await runCommand(binary, arguments, environment: environment)
            #expect(bad.status == 2)
            #expect(bad.stdout.isEmpty)
            #expect(bad.stderr == "ledmarquee: \(config.path):2: unknown option '\\e]0;x\\x07colr'\n"
                    + "Try 'ledmarquee --help' for more information.\n")
            let help = try await runCommand(binary, ["--help"], environment: environment)
            #expect(help.status == 0, "a broken config file does not hide --help")
        }

        @Test("--help and --version print to stdout and exit 0")
        func helpAndVersion() async throws {
            let help = try await Self.run(["--help"])
            #expect(help.status == 0)
            #expect(help.stderr.isEmpty)
            for option in ["--seconds", "--once", "--speed", "--sysfs-root", "--events", "--snapshot"] {
                #expect(help.stdout.contains(option), "help mentions \(option)")
            }
            let version = try await Self.run(["-V"])
            #expect(version.status == 0)
            #expect(version.stdout.hasPrefix("ledmarquee "))
        }

        @Test("the scroll position is a function of time and speed (snapshots)")
        func scrollIsTimeDriven() async throws {
            func lit(_ speed: Int, at seconds: String) async throws -> Set<Spot> {
                let result = try await Self.run(
                    ["--snapshot", "--cols", "200", "--rows", "20", "--speed", String(speed), "--at", seconds, "LED SIGN 42"])
                #expect(result.status == 0)
                var spots = Set<Spot>()
                for (row, line) in result.stdout.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for (column, character) in line.enumerated() where character == "●" {
                        spots.insert(Spot(row: row, column: column))
                    }
                }
                return spots
            }
            let slowA = try await lit(2, at: "2"), slowB = try await lit(2, at: "3")
            let fastA = try await lit(4, at: "1"), fastB = try await lit(4, at: "1.5")
            let slow = Shift.best(from: slowA, to: slowB, width: 200)
            let fast = Shift.best(from: fastA, to: fastB, width: 200)
            #expect(slow.score >= 0.9 && fast.score >= 0.9, "\(slow); \(fast)")
            #expect(slow.left > 0 && slow.left == fast.left, "speed 2 for 1 s moves as far as speed 4 for 0.5 s: \(slow); \(fast)")
            // Same distance (speed × time) from the start gives the same frame.
            let slowAt4 = try await lit(2, at: "4")
            let fastAt2 = try await lit(4, at: "2")
            #expect(slowAt4 == fastAt2)
        }
    }
}
