import Foundation
import Glibc
import Testing

extension EndToEnd.Screens {
    /// A sign that runs out of file descriptors (`ulimit -n`) recovers as
    /// soon as it has one again (docs/control.md, "Limits").
    @Suite("Descriptor limit")
    struct DescriptorLimit {
        @Test("ulimit -n 64, 1,000 clients queued then gone: the next status is answered within 1.5 s, not after ~20")
        func queuedClientsDrainQuickly() async throws {
            let sign = try HeadlessSign.start("nofile", arguments: ["LIMITED"])
            defer { sign.close() }
            try await sign.waitForEvent("the first cue") { $0.name == "cue" }
            // util-linux's prlimit (Essential in Debian): the Glibc module
            // has no prlimit(2), a GNU extension.
            let set = try await runCommand(try E2E.which("prlimit"), ["--pid", String(sign.pid), "--nofile=64:64"])
            try #require(set.status == 0, "prlimit: \(set.stderr)")
            let limits = (try? String(contentsOfFile: "/proc/\(sign.pid)/limits", encoding: .utf8)) ?? ""
            try #require(limits.split(separator: "\n").contains { $0.hasPrefix("Max open files") && $0.contains(" 64 ") },
                         "\(limits)")
            // 1,000 connections wait in the listen queue (SOMAXCONN), more
            // than the sign has descriptors for; then all go away unanswered.
            var clients: [ControlClient] = []
            for _ in 0..<1_000 { clients.append(try ControlClient(path: sign.socketPath)) }
            clients.removeAll()

            let clock = Stopwatch()
            let client = try ControlClient(path: sign.socketPath, timeoutSeconds: 30)
            let reply = try client.exchange([#"{"cmd":"status"}"#])
            let seconds = clock.elapsed
            #expect(reply.first?.hasPrefix(#"{"ok":true"#) == true, "\(reply)")
            #expect(seconds < 1.5, "status answered \(String(format: "%.2f", seconds)) s after the queued clients left")
            print("descriptor limit: status answered after \(String(format: "%.3f", seconds)) s")
            #expect(kill(sign.pid, 0) == 0, "the sign still runs")
        }
    }
}
