import Foundation
import Glibc
import Testing

extension EndToEnd.Timing {
    /// The fleet link against brokers that misbehave (docs/fleet.md,
    /// "Reconnecting"; `Support/HostileBroker.swift`): up means the
    /// subscriptions were acknowledged; a broker that accepts and drops is
    /// tried at the backoff's growing pace; a silent one is found by the
    /// keepalive and named. Each of these brokers speaks MQTT 3.1.1 only,
    /// so each test also goes through the fall-back from MQTT 5.
    @Suite("Fleet link")
    struct FleetLink {
        static func sign(_ label: String, _ broker: HostileBroker, cache: URL,
                         environment: [String: String] = [:]) throws -> HeadlessSign {
            try HeadlessSign.start(label, arguments: ["--mqtt", broker.url, "--name", "hostile", "-s", "20"], cues: "HELLO\n",
                                   environment: ["XDG_CACHE_HOME": cache.path].merging(environment) { $1 })
        }

        /// A broker in `mode` and a sign linked to it, for `body`; both,
        /// and the sign's cache folder, are gone after.
        static func withSign(_ mode: HostileBroker.Mode, _ label: String, environment: [String: String] = [:],
                             _ body: (HostileBroker, HeadlessSign) async throws -> Void) async throws {
            let broker = try await HostileBroker.start(mode)
            defer { broker.close() }
            let cache = try Fleet.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let sign = try Self.sign(label, broker, cache: cache, environment: environment)
            defer { sign.close() }
            try await body(broker, sign)
        }

        static func link(_ sign: HeadlessSign) async throws -> String? {
            let result = try await Control.send(["--control", sign.socketPath, "status"])
            return Control.jsonObject(result.stdout.trimmingCharacters(in: .newlines))?["link"] as? String
        }

        @Test("between CONNACK and SUBACK the link is not up: status says down until the broker has the subscriptions")
        func upMeansSubscribed() async throws {
            try await Self.withSign(.slowSuback, "link-suback") { broker, sign in
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
        }

        @Test("a broker that accepts and drops 0.2 s later is tried at the backoff's growing pace, not every second")
        func acceptAndDrop() async throws {
            try await Self.withSign(.drop, "link-drop") { broker, sign in
                // The CONNECTs it accepted: before the first, the sign's MQTT 5
                // one was refused, and the 3.1.1 one came at once.
                let accepted = { broker.times(broker.acksPath, "connack") }
                let first = try await waitFor("the first connection", timeout: 10, context: broker.logs) { accepted().first }
                try await sign.waitForEvent("the link up once") { $0.name == "link" && $0.bool("up") == true }
                // Waits of 1-2, 2-4, 4-8 s: at most 4 connections in 10 s (a
                // backoff reset by each acceptance makes at least 5).
                try await pause(max(0, 10.5 - (monotonicSeconds() - first)))
                let within = accepted().filter { $0 - first <= 10 }
                #expect(within.count >= 3 && within.count <= 4, "\(within.map { String(format: "%.1f", $0 - first) })")
                let ups = sign.events().filter { $0.name == "link" && $0.bool("up") == true }.count
                #expect(ups >= 2, "each connection was up (SUBACK) before it dropped: \(ups)")
            }
        }

        @Test("a broker that goes silent after the SUBACK is lost within 1.5 keepalives, and named")
        func silentBroker() async throws {
            try await Self.withSign(.silent, "link-silent", environment: ["LEDMARQUEE_TEST_MQTT_KEEPALIVE": "5"]) { broker, sign in
                let up = try await sign.waitForEvent("the link up") { $0.name == "link" && $0.bool("up") == true }
                let down = try await sign.waitForEvent("the link down", timeout: 15) { $0.name == "link" && $0.bool("up") == false }
                #expect(down.t - up.t >= 7.0 && down.t - up.t <= 8.5, "lost after \(down.t - up.t) s (1.5 × 5 s = 7.5 s)")
                let error = try await sign.waitForEvent("the error") { $0.name == "error" && $0.t >= up.t }
                #expect(error.string("message") == "\(broker.url): no answer from the broker for 7.5 s (keepalive 5 s)", "\(error)")
                #expect(try await Self.link(sign) == "down")
            }
        }

        // Before, the sign spoke MQTT 3.1.1 only; it now asks for MQTT 5
        // (docs/fleet.md, "MQTT 5, else 3.1.1"), which such a broker refuses.
        @Test("an MQTT 3.1.1 broker refuses the sign's MQTT 5 CONNECT: the sign connects again at once with 3.1.1, says nothing, and keeps it")
        func fallsBackToMQTT311() async throws {
            try await Self.withSign(.drop, "link-v311") { broker, sign in
                let up = try await sign.waitForEvent("the link up") { $0.name == "link" && $0.bool("up") == true }
                let refused = broker.times(broker.acksPath, "refused5")
                let accepted = broker.times(broker.acksPath, "connack")
                try #require(refused.count == 1 && !accepted.isEmpty, "\(broker.logs())")
                #expect(accepted[0] - refused[0] < 0.5, "3.1.1 came \(accepted[0] - refused[0]) s after the refusal: no backoff wait")
                #expect(!sign.events().contains { $0.name == "error" && $0.t <= up.t }, "no error for the fall-back: \(sign.events())")
                // Dropped 0.2 s after its SUBACK, it comes back after 1-2 s, at 3.1.1.
                try await sign.waitForEvent("the link up again", timeout: 10) {
                    $0.name == "link" && $0.bool("up") == true && $0.t > up.t
                }
                #expect(broker.times(broker.acksPath, "refused5").count == 1, "\(broker.logs())")
            }
        }

        @Test("over MQTT 3.1.1 a message over 1 MiB is still refused in the message callback, and the next deck plays")
        func oversizedOverMQTT311() async throws {
            try await Self.withSign(.oversized, "link-big") { _, sign in
                let refusal = try await sign.waitForEvent("the refusal") { $0.name == "error" }
                #expect(refusal.string("message") == "ledmarquee/deck: message of 1048577 bytes refused (at most 1048576)", "\(refusal)")
                try await sign.waitForEvent("the small deck") { $0.name == "load" && $0.int("count") == 1 }
            }
        }
    }
}

/// CLOCK_MONOTONIC in seconds: Python's `time.monotonic()` on Linux.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
