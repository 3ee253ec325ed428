import Foundation
import Glibc
import Testing

extension EndToEnd.Timing {
    /// `send --mqtt URL --name N snapshot --png FILE` on a real Mosquitto
    /// (docs/fleet.md, "Snapshots"): the sign publishes the PNG on its
    /// snapshot topic, not retained, at most one a second.
    @Suite("Fleet snapshots")
    struct FleetSnapshot {
        @Test("the PNG comes over the broker, the same as --export's; not retained; a second request within the second is refused")
        func overTheBroker() async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try E2E.makeShortDirectory("cache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let scratch = try E2E.makeTemporaryDirectory("fleet-snapshot")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let sign = try await Session.start("fleet-snapshot", Launch(arguments: ["--mqtt", broker.url, "--name", "a", "--static", "HI"],
                                                                        environment: ["XDG_CACHE_HOME": cache.path]))
            defer { sign.close() }
            try await sign.waitForEvent("the link") { $0.name == "link" && $0.bool("up") == true }
            // At rest (its fade over), as its own control socket shows it.
            let exported = try await EndToEnd.Flows.SignSnapshot.exported(in: scratch)
            let socket = sign.runtimeDirectory.appendingPathComponent("ledmarquee/a.sock").path
            _ = try await EndToEnd.Flows.SignSnapshot.atRest(["--control", socket], in: scratch, exported: exported)
            try FileManager.default.removeItem(at: scratch.appendingPathComponent("out.png"))
            let path = scratch.appendingPathComponent("a.png").path
            let result = try await broker.send(["--name", "a", "snapshot", "--png", path])
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.status) \(result.stderr)")
            let outcome = try await PictureCompare.compare(path, with: exported, pitch: 8, lit: EndToEnd.Flows.SignSnapshot.lit)
            #expect(outcome.width == 400 && outcome.height == 224 && outcome.equal, "\(outcome)")
            #expect(outcome.centre == EndToEnd.Flows.SignSnapshot.lit && outcome.corner == [0, 0, 0])

            // Not retained: a subscriber that comes later gets no picture.
            let retained = try await runCommand(try E2E.which("mosquitto_sub"),
                                                ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "ledmarquee/sign/a/snapshot",
                                                 "--retained-only", "-C", "1", "-W", "1"], timeout: 10)
            #expect(retained.stdout.isEmpty, "a retained picture: \(retained.stdout.count) bytes")

            // Two asks at once, a second after the last: one picture, one refusal.
            // (A wait, not a poll: the sign counts a second from the last picture.)
            try await Task.sleep(for: .milliseconds(1100))
            let paths = ["b.png", "c.png"].map { scratch.appendingPathComponent($0).path }
            let (binary, url) = (try E2E.binaryPath(), broker.url)
            async let first = runCommand(binary, ["send", "--mqtt", url, "--name", "a", "snapshot", "--png", paths[0]],
                                         environment: E2E.childEnvironment())
            async let second = runCommand(binary, ["send", "--mqtt", url, "--name", "a", "snapshot", "--png", paths[1]],
                                          environment: E2E.childEnvironment())
            let results = try await [first, second]
            #expect(results.map(\.status).sorted() == [0, 1], "\(results.map(\.stderr))")
            let refused = try #require(results.first { $0.status == 1 })
            #expect(refused.stderr.hasPrefix("ledmarquee: a: at most one snapshot a second; try again in "), "\(refused.stderr)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
            #expect(kept.count == 3 && kept.starts(with: ["a.png"]) && kept.last == "export.png", "\(kept)")
            // The sign logs no error for a refusal, and took one picture.
            #expect(!sign.events().contains { $0.name == "error" && ($0.string("message") ?? "").contains("snapshot") })

            // Not a sign of that name: exit 3, nothing written.
            let none = try await broker.send(["--name", "nobody", "snapshot", "--png", scratch.appendingPathComponent("n.png").path])
            #expect(none.status == 3 && none.stderr.contains("no sign named 'nobody'"), "\(none.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("n.png").path))
        }
    }
}
