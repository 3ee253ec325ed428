import Foundation
import Testing
import TestSupport

/// What every terminal sees is what tmux sees: the bytes a sign writes,
/// recorded from its very first one (`pipe-pane` before the program
/// starts), are replayed into an independent emulator (pyte, Debian's
/// `python3-pyte`) and must give the screen tmux shows, cell by cell —
/// character, colours, bold and reverse — at several sizes, colour depths
/// and styles, after scrolling and after resizes. A sign that relied on
/// tmux forgiving something (a scroll region set for the wrong height, a
/// cursor position assumed after a wrap) fails here.
extension EndToEnd.Screens {
@Suite("The sign's bytes replayed in another emulator give tmux's screen")
struct TerminalReplayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var term = "tmux-256color"
        var environment: [String: String] = [:]
        var noColor = false
        var options: [String] = []
        var columns = 100
        var rows = 30
        /// Sizes the pane is taken to, one after another, while paused.
        var resizes: [(columns: Int, rows: Int)] = []
        /// A scratch terminfo source for `term`.
        var terminfo: String?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "256 colours, 80x24, resized to 120x35 and 200x50", columns: 80, rows: 24,
             resizes: [(120, 35), (200, 50)]),
        Case(label: "direct colour, 200x50, resized to 120x35", environment: ["COLORTERM": "truecolor"],
             columns: 200, rows: 50, resizes: [(120, 35)]),
        Case(label: "8 colours (TERM=xterm), 120x35", term: "xterm", columns: 120, rows: 35),
        Case(label: "TERM=screen, rainbow", term: "screen", options: ["-c", "rainbow"]),
        Case(label: "TERM=linux", term: "linux", columns: 90, rows: 28),
        Case(label: "NO_COLOR", noColor: true),
        Case(label: "half blocks, green", options: ["--style", "half", "-c", "green"], resizes: [(81, 25)]),
        Case(label: "braille", options: ["--style", "braille"]),
        Case(label: "a terminal without delete-character", term: "lm-nodch", terminfo: ScratchTerminfo.withoutDeleteCharacter),
        Case(label: "a terminal with only cursor addressing", term: "lm-bare", columns: 80, rows: 24,
             terminfo: ScratchTerminfo.bare),
    ]

    static let message = "REPLAYED THE SAME IN EVERY EMULATOR"

    @Test("recorded bytes replayed in pyte match tmux's capture", arguments: cases)
    func replayMatchesTmux(_ test: Case) async throws {
        let terminfo = try await test.terminfo.asyncMap { try await ScratchTerminfo.compile($0) }
        defer { terminfo?.remove() }
        let launch = Launch(arguments: ["--idle-timeout", "0.3"] + test.options + [Self.message], term: test.term,
                            noColor: test.noColor, environment: test.environment.merging(terminfo?.environment ?? [:]) { $1 },
                            columns: test.columns, rows: test.rows, holdUntilReleased: true)
        let session = try await Session.start("replay", launch)
        defer { session.close() }
        try await session.pipeOutput(to: "out.bin")
        try session.release()

        var steps: [String] = []
        var size = (columns: test.columns, rows: test.rows)
        // Scrolling, then paused: the picture a scroll step left.
        try await scroll(session, bytes: 12_000)
        try await session.send("Space")
        try await session.waitForEvent("pause") { $0.name == "pause" && $0.bool("paused") == true }
        steps.append(try await checkpoint(session, size: size, index: steps.count))
        for resize in test.resizes {
            let offset = try await quietOffset(session)
            try await session.resize(columns: resize.columns, rows: resize.rows)
            try await session.waitForEvent("resize to \(resize.columns)x\(resize.rows)") {
                $0.name == "resize" && $0.int("cols") == resize.columns && $0.int("rows") == resize.rows
            }
            steps.append("resize:\(offset):\(resize.columns)x\(resize.rows)")
            size = resize
            steps.append(try await checkpoint(session, size: size, index: steps.count))
        }
        // Scrolling on at the last size, paused again.
        var seen = session.events().count
        try await session.send("Space")
        try await session.waitForEvent("resume", after: seen) { $0.name == "pause" && $0.bool("paused") == false }
        try await scroll(session, bytes: session.pipedBytes("out.bin").count + 8_000)
        seen = session.events().count
        try await session.send("Space")
        try await session.waitForEvent("second pause", after: seen) { $0.name == "pause" && $0.bool("paused") == true }
        steps.append(try await checkpoint(session, size: size, index: steps.count))

        let script = FixturePaths.repository.appendingPathComponent("Tests/Tools/replay_screen.py").path
        let replay = try await runCommand("/usr/bin/python3", [script, session.directory.appendingPathComponent("out.bin").path,
                                                               "\(test.columns)x\(test.rows)"] + steps, timeout: 60)
        #expect(replay.status == 0, "\(test.label): \(replay.stdout)\(replay.stderr)")
    }

    /// Waits until the sign has written at least `bytes` in all: it scrolled.
    private func scroll(_ session: Session, bytes: Int) async throws {
        _ = try await waitFor("\(bytes) bytes written", timeout: 20, context: session.diagnostics) { () -> Bool? in
            session.pipedBytes("out.bin").count >= bytes ? true : nil
        }
    }

    /// The recording's length once the sign has written nothing for a
    /// while (paused, the status line hidden again).
    private func quietOffset(_ session: Session) async throws -> Int {
        var last = -1
        var since = Stopwatch()
        return try await waitFor("the sign to fall quiet", timeout: 20, context: session.diagnostics) { () -> Int? in
            let count = session.pipedBytes("out.bin").count
            if count != last {
                last = count
                since = Stopwatch()
                return nil
            }
            return since.elapsed >= 0.7 ? count : nil
        }
    }

    /// Captures tmux's screen once the sign is quiet; the replay step that
    /// compares with it.
    private func checkpoint(_ session: Session, size: (columns: Int, rows: Int), index: Int) async throws -> String {
        let offset = try await quietOffset(session)
        let capture = try await session.tmux(["capture-pane", "-p", "-e", "-t", session.target])
        guard capture.status == 0 else { throw E2EFailure("capture-pane failed: \(capture.stderr)") }
        let file = session.directory.appendingPathComponent("capture-\(index).txt")
        try capture.stdoutData.write(to: file)
        return "check:\(offset):\(file.path)"
    }
}

}

extension Optional {
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
