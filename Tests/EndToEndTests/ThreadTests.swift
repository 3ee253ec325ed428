import Foundation
import Testing

extension EndToEnd.Screens {
    @Suite("Threads and signals")
    struct Threads {
        /// SIGINT SIGTERM SIGHUP SIGQUIT SIGWINCH SIGTSTP SIGCONT: what the
        /// player reads from its signalfd, so every thread must block them.
        static let playerSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

        @Test("a sign at rest, then a paused one, runs exactly one thread, which blocks the player's signals")
        func oneThreadWhenIdle() async throws {
            let session = try await Session.start("threads", Launch(arguments: ["--static", "HELLO"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            try await pause(0.5)
            let tasks = try Self.tasks(pid)
            #expect(tasks.count == 1, "threads of a sign at rest: \(tasks)")
            try Self.expectBlocked(pid, tasks)
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)

            let scrolling = try await Session.start("threads-paused", Launch(arguments: ["PAUSED SIGN"]))
            defer { scrolling.close() }
            try await scrolling.waitForLitLEDs(minimum: 5)
            try await scrolling.send("Space")
            try await scrolling.waitForEvent("pause") { $0.name == "pause" }
            let scrollingPID = try await scrolling.programPID()
            try await pause(0.5)
            let pausedTasks = try Self.tasks(scrollingPID)
            #expect(pausedTasks.count == 1, "threads of a paused sign: \(pausedTasks)")
            try Self.expectBlocked(scrollingPID, pausedTasks)
            try await scrolling.send("C-c")
            #expect(try await scrolling.waitForExit(timeout: 5) == 128 + SIGINT)
        }

        @Test("with the dispatch fallback forced, keys, a resize and SIGTERM still work, and every thread blocks the signals")
        func dispatchFallback() async throws {
            let session = try await Session.start("fallback", Launch(
                arguments: ["--static", "HELLO"], environment: ["LEDMARQUEE_DISPATCH_FALLBACK": "1"], recordsSignal: true))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            let keys = session.events("key").count
            try await session.send("?")
            try await session.waitForEvent("a key") { _ in session.events("key").count > keys }
            try await session.resize(columns: 60, rows: 20)
            try await session.waitForEvent("resize") { $0.name == "resize" && $0.int("cols") == 60 }
            let tasks = try Self.tasks(pid)
            #expect(tasks.count >= 2, "the poll has a thread of its own: \(tasks)")
            try Self.expectBlocked(pid, tasks, exceptMain: true)
            #expect(kill(pid, SIGTERM) == 0)
            #expect(try await session.waitForExit(timeout: 5) == 128 + SIGTERM)
            // Re-raised from a libdispatch worker whose mask blocks it: the
            // process still dies of it.
            #expect(try session.endedBySignal() == SIGTERM)
            #expect(session.events().last?.name == "quit")
        }

        static func tasks(_ pid: pid_t) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").sorted()
        }

        /// Every thread (but, with `exceptMain`, the main thread, which
        /// dispatchMain leaves in sigsuspend with an empty mask: our handler
        /// forwards what it takes) has the player's signals blocked.
        static func expectBlocked(_ pid: pid_t, _ tasks: [String], exceptMain: Bool = false,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
            for task in tasks where !(exceptMain && task == String(pid)) {
                let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
                let line = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
                let mask = line.flatMap { UInt64($0.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
                for signal in playerSignals {
                    #expect(mask & (1 << UInt64(signal - 1)) != 0, "thread \(task) does not block signal \(signal)",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }
}
