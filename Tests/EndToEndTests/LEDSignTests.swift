import Foundation
import Testing

extension EndToEnd.Screens {
    @Suite("LED sign")
    struct LEDSign {
        static let longMessage = "SCROLLING LED SIGN 0123456789 ABCDEFGHIJ"

        @Test("lit LEDs appear, scroll to the left, and r reverses the direction")
        func scrollsAndReverses() async throws {
            let session = try await Session.start("scroll", Launch(arguments: ["--speed", "1.5", Self.longMessage]))
            defer { session.close() }

            let start = try await session.waitForEvent("start event") { $0.name == "start" }
            #expect(start.int("cols") == 100)
            #expect(start.int("rows") == 30)
            #expect(!(start.string("version") ?? "").isEmpty)
            let cue = try await session.waitForEvent("first cue") { $0.name == "cue" }
            #expect(cue.string("text") == Self.longMessage)
            #expect(cue.int("index") == 0)
            #expect(cue.int("count") == 1)

            // The text enters from the right edge; wait until it reached the left half.
            let first = try await session.waitForLitLEDs(minimum: 30, leftOf: 50)

            // The LED grid: every LED is a ● in the bright or the dim red, on even columns.
            let dots = first.cells(of: "●", panelRows: session.panelRows)
            let unlit = dots.filter { $0.1 == Screen.unlitRed }
            let lit = first.litLEDs(panelRows: session.panelRows)
            #expect(dots.count == 50 * session.panelRows, "a full grid of 50x28 LEDs")
            #expect(unlit.count > lit.count, "unlit LEDs stay visible in the dim colour")
            #expect(dots.allSatisfy { $0.0.column % 2 == 0 }, "one LED every two columns")
            let colours = Set(dots.map { $0.1 ?? -1 })
            #expect(colours.isSubset(of: [Screen.litRed, Screen.unlitRed, 88, 124, 160]),
                    "only the red ramp is used, got \(colours.sorted())")

            let leftward = try await session.waitForMovement("the lit LEDs to move left") { $0.left >= 2 }
            #expect(leftward.left % 2 == 0, "moves by whole LEDs: \(leftward)")

            try await session.send("r")
            try await session.waitForEvent("key r") { $0.name == "key" && $0.string("name") == "r" }
            try await session.waitForMovement("the lit LEDs to move right after r") { $0.left <= -2 }
        }

        @Test("NO_COLOR=1 draws lit LEDs as ● and unlit as · without any colour")
        func noColor() async throws {
            let session = try await Session.start("nocolor", Launch(arguments: ["--speed", "1.5", Self.longMessage], noColor: true))
            defer { session.close() }
            let (lit, unlit, _) = try await session.waitForDotGrid()
            let colours = Set((lit + unlit).compactMap { $0.1 })
            #expect(colours.isEmpty, "no colour with NO_COLOR: \(colours.sorted())")
        }

        @Test("space freezes the scroll and a second space resumes it from the same spot")
        func spacePausesAndResumes() async throws {
            let session = try await Session.start(
                "pause", Launch(arguments: ["--idle-timeout", "30", "--speed", "1.1", Self.longMessage]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 30, leftOf: 60)
            let rate = try await session.measureScrollRate()

            try await session.send("Space")
            let paused = try await session.waitForEvent("pause event") { $0.name == "pause" }
            #expect(paused.bool("paused") == true)
            #expect(paused.string("reason") == "key")
            let frozen = try await session.expectFrozen()
            #expect(frozen.litLEDs(panelRows: session.panelRows).count >= 10, "the paused frame stays on screen")
            #expect(frozen.line(29).contains("paused"), "the controls line says paused: '\(frozen.line(29))'")
            try await pause(0.6)
            let stillFrozen = try await session.capture()
            let same = stillFrozen.top(session.panelRows) == frozen.top(session.panelRows)
            #expect(same, "still frozen after 1 s")

            let resumeClock = Stopwatch()
            try await session.send("Space")
            let resumed = try await session.waitForEvent("resume event") {
                $0.name == "pause" && $0.bool("paused") == false
            }
            #expect(resumed.string("reason") == "key")
            #expect(resumed.t - paused.t >= 1.0)
            try await session.expectResumedFromSamePlace(frozen, rate: rate, since: resumeClock)
            #expect(session.events("pause").count == 2)
        }

        enum QuitKey: String, CaseIterable, CustomTestStringConvertible {
            // Ctrl-C and Ctrl-\ reach the program as SIGINT and SIGQUIT (the
            // wrapper shell traps them and records the status).
            case q, capitalQ = "Q", escape = "Escape", controlC = "C-c", controlBackslash = "C-\\"
            var testDescription: String { rawValue }
            /// A key is a normal end; Ctrl-C is SIGINT, and the program dies
            /// of it once the terminal is restored (128 + 2); Ctrl-\ exits
            /// 128 + 3 without a core file.
            var status: Int32 {
                switch self {
                case .q, .capitalQ, .escape: 0
                case .controlC: 128 + SIGINT
                case .controlBackslash: 128 + SIGQUIT
                }
            }
        }

        @Test("a quit key restores the terminal and exits 0 (Ctrl-C 130, Ctrl-\\ 131)", arguments: QuitKey.allCases)
        func quitKeyRestoresTerminal(key: QuitKey) async throws {
            let session = try await Session.start("quit", Launch(arguments: ["QUIT TEST"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let alternate = try await session.format("#{alternate_on}")
            #expect(alternate == "1", "the sign uses the alternate screen")

            try await session.send(key.rawValue)
            let status = try await session.waitForExit(timeout: 5)
            try await expectRestored(session, status: status, expected: key.status)
        }

        enum Signal: Int32, CaseIterable, CustomTestStringConvertible {
            case term = 15, int = 2, hup = 1, quit = 3
            var testDescription: String { "SIG" + String(describing: self).uppercased() }
        }

        @Test("a signal restores the terminal, then the exit status is 128 + N", arguments: Signal.allCases)
        func signalRestoresTerminal(signal: Signal) async throws {
            let session = try await Session.start("signal", Launch(arguments: ["SIGNAL TEST"], recordsSignal: true))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            #expect(kill(pid, signal.rawValue) == 0)
            let status = try await session.waitForExit(timeout: 5)
            try await expectRestored(session, status: status, expected: 128 + signal.rawValue)
            // SIGQUIT exits 131 (its default action would dump core for a
            // plain quit); the others are re-raised, so the program dies of them.
            #expect(try session.endedBySignal() == (signal == .quit ? 0 : signal.rawValue), "died of the signal")
        }

        private func expectRestored(_ session: Session, status: Int32, expected: Int32 = 0,
                                    sourceLocation: SourceLocation = #_sourceLocation) async throws
        {
            #expect(status == expected, "exit status", sourceLocation: sourceLocation)
            try await session.expectTerminalRestored(sourceLocation: sourceLocation)
            #expect(session.events().last?.name == "quit", "quit logged", sourceLocation: sourceLocation)
        }

        @Test("closing the terminal ends the program even when its parent shell keeps SIGHUP to itself")
        func terminalHangupEndsProgram() async throws {
            let session = try await Session.start("hangup", Launch(arguments: ["HANGUP TEST"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            // Killing the server closes the pane's terminal: the shell (session
            // leader) gets SIGHUP, the program sees its terminal hung up. This is
            // an SSH connection dropping under `sh -c 'cd x && ledmarquee ...'`.
            try await session.tmux(["kill-server"])
            let clock = Stopwatch()
            var alive = true
            while alive, clock.elapsed < 3 {
                try await pause(0.05)
                alive = session.isProgramAlive(pid)
            }
            #expect(!alive, "ledmarquee (pid \(pid)) still running 3 s after its terminal was closed")
            #expect(session.events().last?.name == "quit", "quit logged")
        }

        @Test("Ctrl-Z stops the sign and gives the terminal back; SIGCONT brings it back")
        func suspendAndResume() async throws {
            let session = try await Session.start("suspend", Launch(arguments: ["--speed", "1.1", "SUSPEND TEST"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()

            try await session.send("C-z")
            let background = try await session.waitForEvent("policy background") {
                $0.name == "policy" && $0.string("scene") == "background"
            }
            #expect(background.int("fps") == 0)
            try await waitFor("the process to stop", timeout: 5, context: session.diagnostics) { () -> Bool? in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).first == "T" ? true : nil
            }
            let alternate = try await session.format("#{alternate_on}")
            let cursor = try await session.format("#{cursor_flag}")
            #expect(alternate == "0", "the shell's screen is back while stopped")
            #expect(cursor == "1")

            #expect(kill(pid, SIGCONT) == 0)
            let active = try await session.waitForEvent("policy active again") {
                $0.name == "policy" && $0.string("scene") == "active" && $0.t > background.t
            }
            #expect(active.int("fps") == 60)
            try await session.waitForLitLEDs(minimum: 5)
            let alternateAgain = try await session.format("#{alternate_on}")
            #expect(alternateAgain == "1")
            try await session.send("q")
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 0)
            #expect(session.sttyAfter?.isSane == true)
        }

        @Test("resizing to 20x5, 1x1 and back re-fits without crashing")
        func resizeRefits() async throws {
            let session = try await Session.start("resize", Launch(arguments: ["HI"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)

            try await session.resize(columns: 20, rows: 5)
            try await session.waitForEvent("resize to 20x5") {
                $0.name == "resize" && $0.int("cols") == 20 && $0.int("rows") == 5
            }
            // Too small for LED text: the message as plain text.
            try await session.waitForText("HI", timeout: 5)

            try await session.resize(columns: 1, rows: 1)
            try await session.waitForEvent("resize to 1x1") {
                $0.name == "resize" && $0.int("cols") == 1 && $0.int("rows") == 1
            }
            try await session.resize(columns: 100, rows: 30)
            try await session.waitForEvent("resize back to 100x30") {
                $0.name == "resize" && $0.int("cols") == 100 && $0.int("rows") == 30
            }
            try await session.waitForLitLEDs(minimum: 5, timeout: 10)
            #expect(session.exitStatus == nil, "still running after the resizes")

            try await session.send("q")
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 0)
        }

        @Test("after scrolling by shifting rows on the terminal, the picture equals a full repaint of the same frame")
        func shiftedRowsMatchARepaint() async throws {
            let session = try await Session.start("shift", Launch(arguments: ["--idle-timeout", "0.5", Self.longMessage]))
            defer { session.close() }
            // Scroll for a while at the default speed: many frames drawn by shifting.
            try await session.waitForLitLEDs(minimum: 30, leftOf: 40)
            try await pause(1.0)
            try await session.send("Space")
            try await session.waitForEvent("pause event") { $0.name == "pause" }
            let shifted = try await session.expectFrozen()

            // A resize away and back makes the sign forget the screen and draw
            // the same (paused) frame cell by cell.
            try await session.resize(columns: 99, rows: 30)
            try await session.waitForEvent("resize to 99x30") { $0.name == "resize" && $0.int("cols") == 99 }
            try await session.resize(columns: 100, rows: 30)
            try await session.waitForEvent("resize back") { $0.name == "resize" && $0.int("cols") == 100 }
            let repainted = try await session.expectFrozen()
            let rows = session.panelRows
            let same = shifted.top(rows) == repainted.top(rows)
            #expect(same, "shifted:\n\(shifted.sketch(panelRows: rows))\n---\nrepainted:\n\(repainted.sketch(panelRows: rows))")
            #expect(shifted.litLEDs(panelRows: rows).count >= 30)
        }

        @Test("rows shifted on the terminal, or rewritten where it cannot delete characters, leave the picture a repaint gives, in every colour and style",
              arguments: [("rainbow", ["-c", "rainbow"], false), ("braille", ["--style", "braille"], false),
                          ("half", ["--style", "half", "-c", "green"], false), ("no-dch", [], true)])
        func shiftPathsMatchARepaint(label: String, options: [String], withoutDeleteCharacter: Bool) async throws {
            let terminfo = withoutDeleteCharacter ? try await ScratchTerminfo.compile(ScratchTerminfo.withoutDeleteCharacter) : nil
            defer { terminfo?.remove() }
            var launch = Launch(arguments: ["--idle-timeout", "0.5"] + options + [Self.longMessage],
                                environment: terminfo?.environment ?? [:])
            if terminfo != nil { launch.term = "lm-nodch" }
            let session = try await Session.start("shift-\(label)", launch)
            defer { session.close() }
            try await session.waitForCells(of: options.contains("braille") ? "⣿" : (options.contains("half") ? "▀" : "●"))
            try await pause(2.0)
            try await session.send("Space")
            try await session.waitForEvent("pause event") { $0.name == "pause" }
            let shifted = try await session.expectFrozen()
            try await session.resize(columns: 99, rows: 30)
            try await session.waitForEvent("resize to 99x30") { $0.name == "resize" && $0.int("cols") == 99 }
            try await session.resize(columns: 100, rows: 30)
            try await session.waitForEvent("resize back") { $0.name == "resize" && $0.int("cols") == 100 }
            let repainted = try await session.expectFrozen()
            let rows = session.panelRows
            let same = shifted.top(rows) == repainted.top(rows)
            #expect(same, "\(label) shifted:\n\(shifted.sketch(panelRows: rows))\n---\nrepainted:\n\(repainted.sketch(panelRows: rows))")
        }

        @Test("? shows the help overlay and closes it again")
        func helpOverlay() async throws {
            let session = try await Session.start("help", Launch(arguments: ["HELP TEST"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)

            try await session.send("?")
            let help = try await session.waitForText("next message", timeout: 5)
            for entry in ["pause", "previous message", "faster", "reverse", "thermal", "low power", "reduce motion", "quit"] {
                #expect(help.contains(entry), "help lists '\(entry)'")
            }
            try await session.send("?")
            try await waitFor("the help to close", timeout: 5, context: session.diagnostics) { () async throws -> Bool? in
                try await session.capture().contains("next message") ? nil : true
            }
            try await session.waitForLitLEDs(minimum: 5)
        }

        @Test("the controls line appears on a key and hides after --idle-timeout")
        func controlsLineHides() async throws {
            let session = try await Session.start("idle", Launch(arguments: ["--idle-timeout", "1", "IDLE TEST"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            try await waitFor("the controls line to be hidden", timeout: 5, context: session.diagnostics) {
                () async throws -> Bool? in
                try await session.capture().line(29).isEmpty ? true : nil
            }

            try await session.send("x")
            let shown = try await session.waitForText("playing", timeout: 5)
            let clock = Stopwatch()
            #expect(shown.line(29).contains("1/1"), "controls line: '\(shown.line(29))'")
            try await waitFor("the controls line to hide again", timeout: 5, context: session.diagnostics) {
                () async throws -> Bool? in
                try await session.capture().line(29).isEmpty ? true : nil
            }
            #expect(clock.elapsed >= 0.6, "hidden after about 1 s, not at once (\(clock.elapsed) s)")
        }

        @Test("control characters and escape sequences in a message never reach the terminal")
        func controlCharactersAreNotSent() async throws {
            let message = "A\u{1B}[2JB\u{07}C\u{1B}]2;PWNED\u{07}D\u{1B}[?1049lE"
            let session = try await Session.start("ctrl", Launch(arguments: ["--idle-timeout", "30", message]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let cue = try await session.waitForEvent("cue") { $0.name == "cue" }
            let logged = cue.string("text") ?? ""
            #expect(!logged.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "sanitised: \(logged.debugDescription)")
            #expect(logged.hasPrefix("A") && logged.hasSuffix("E"), "the printable part is kept: \(logged.debugDescription)")

            // The help overlay shows the message as plain text in a strip.
            try await session.send("?")
            let help = try await session.waitForText("next message", timeout: 5)
            try await expectNothingLeaked(session, help)

            // Plain-text mode (too small for LEDs) prints the message as text.
            try await session.send("?")
            try await waitFor("the help to close", timeout: 5, context: session.diagnostics) { () async throws -> Bool? in
                try await session.capture().contains("next message") ? nil : true
            }
            try await session.resize(columns: 40, rows: 5)
            try await session.waitForEvent("resize") { $0.name == "resize" && $0.int("cols") == 40 }
            let small = try await waitFor("the message as plain text", timeout: 5, context: session.diagnostics) {
                () async throws -> Screen? in
                let screen = try await session.capture()
                return screen.contains("A") && screen.contains("E") ? screen : nil
            }
            try await pause(0.3)
            try await expectNothingLeaked(session, small)
            let again = try await session.capture()
            #expect(again.text == small.text, "the plain text stays put")

            try await session.resize(columns: 100, rows: 30)
            try await session.waitForLitLEDs(minimum: 5)
            try await session.send("q")
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 0)
        }

        private func expectNothingLeaked(_ session: Session, _ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation)
            async throws
        {
            let title = try await session.format("#{pane_title}")
            let bell = try await session.format("#{window_bell_flag}")
            let alternate = try await session.format("#{alternate_on}")
            #expect(!title.contains("PWNED"), "an OSC title sequence got through", sourceLocation: sourceLocation)
            #expect(bell == "0", "a BEL got through", sourceLocation: sourceLocation)
            #expect(alternate == "1", "an escape sequence left the alternate screen", sourceLocation: sourceLocation)
            #expect(!screen.text.contains("\u{1B}"), sourceLocation: sourceLocation)
        }
    }
}
