import Foundation
import Glibc
import Testing

extension EndToEnd {
    /// The fleet link against brokers that misbehave (docs/fleet.md,
    /// "Reconnecting"; `Support/HostileBroker.swift`): up means the
    /// subscriptions were acknowledged; a broker that accepts and drops is
    /// tried at the backoff's growing pace; a silent one is found by the
    /// keepalive and named.
    @Suite("Fleet link")
    struct FleetLink {
        static func sign(_ label: String, _ broker: HostileBroker, cache: URL,
                         environment: [String: String] = [:]) throws -> HeadlessSign {
            try HeadlessSign.start(label, arguments: ["--mqtt", broker.url, "--name", "hostile", "-s", "20"], cues: "HELLO\n",
                                   environment: ["XDG_CACHE_HOME": cache.path].merging(environment) { $1 })
        }

        static func link(_ sign: HeadlessSign) async throws -> String? {
            let result = try await Control.send(["--control", sign.socketPath, "status"])
            return Control.jsonObject(result.stdout.trimmingCharacters(in: .newlines))?["link"] as? String
        }

        @Test("between CONNACK and SUBACK the link is not up: status says down until the broker has the subscriptions")
        func upMeansSubscribed() async throws {
            let broker = try await HostileBroker.start(.slowSuback)
            defer { broker.close() }
            let cache = try Fleet.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let sign = try Self.sign("link-suback", broker, cache: cache)
            defer { sign.close() }
            try await waitFor("the CONNACK", timeout: 10, context: broker.logs) { broker.times(broker.acksPath, "connack").first }
            let before = try await Self.link(sign)
            let subackSent = broker.times(broker.acksPath, "suback")
            #expect(subackSent.isEmpty, "asked within the 3 s before the SUBACK")
            #expect(before != "up", "no SUBACK yet, so not up: \(before ?? "no link yet")")
            #expect(!sign.events().contains { $0.name == "link" && $0.bool("up") == true }, "no link-up record before the SUBACK")
            try await sign.waitForEvent("the link up after the SUBACK") { $0.name == "link" && $0.bool("up") == true }
            #expect(!broker.times(broker.acksPath, "suback").isEmpty)
            #expect(try await Self.link(sign) == "up")
        }

        @Test("a broker that accepts and drops 0.2 s later is tried at the backoff's growing pace, not every second")
        func acceptAndDrop() async throws {
            let broker = try await HostileBroker.start(.drop)
            defer { broker.close() }
            let cache = try Fleet.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let sign = try Self.sign("link-drop", broker, cache: cache)
            defer { sign.close() }
            let first = try await waitFor("the first connection", timeout: 10, context: broker.logs) { broker.connections.first }
            try await sign.waitForEvent("the link up once") { $0.name == "link" && $0.bool("up") == true }
            // Waits of 1-2, 2-4, 4-8 s: at most 4 connections in 10 s (a
            // backoff reset by each acceptance makes at least 5).
            try await pause(max(0, 10.5 - (monotonicSeconds() - first)))
            let within = broker.connections.filter { $0 - first <= 10 }
            #expect(within.count >= 3 && within.count <= 4, "\(within.map { String(format: "%.1f", $0 - first) })")
            let ups = sign.events().filter { $0.name == "link" && $0.bool("up") == true }.count
            #expect(ups >= 2, "each connection was up (SUBACK) before it dropped: \(ups)")
        }

        @Test("a broker that goes silent after the SUBACK is lost within 1.5 keepalives, and named")
        func silentBroker() async throws {
            let broker = try await HostileBroker.start(.silent)
            defer { broker.close() }
            let cache = try Fleet.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let sign = try Self.sign("link-silent", broker, cache: cache, environment: ["LEDMARQUEE_TEST_MQTT_KEEPALIVE": "5"])
            defer { sign.close() }
            let up = try await sign.waitForEvent("the link up") { $0.name == "link" && $0.bool("up") == true }
            let down = try await sign.waitForEvent("the link down", timeout: 15) { $0.name == "link" && $0.bool("up") == false }
            #expect(down.t - up.t >= 7.0 && down.t - up.t <= 8.5, "lost after \(down.t - up.t) s (1.5 × 5 s = 7.5 s)")
            let error = try await sign.waitForEvent("the error") { $0.name == "error" && $0.t >= up.t }
            #expect(error.string("message") == "\(broker.url): no answer from the broker for 7.5 s (keepalive 5 s)", "\(error)")
            #expect(try await Self.link(sign) == "down")
        }
    }
}

/// CLOCK_MONOTONIC in seconds: Python's `time.monotonic()` on Linux.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
