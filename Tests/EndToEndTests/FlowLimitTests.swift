import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// The flow's caps from outside (docs/limits.md, issue 24): `add` over
    /// the control socket and over MQTT stops at 1,000 messages or 4 MiB
    /// of text with a clear refusal, a message costs about what its text
    /// costs, and a `load` gives the memory back.
    @Suite("Flow limits")
    struct FlowLimits {
        /// One request as a JSON object, its reply parsed.
        static func request(_ client: ControlClient, _ object: [String: Any]) throws -> [String: Any] {
            let line = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            let reply = try client.exchange([line])[0]
            guard let parsed = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] else {
                throw E2EFailure("not a reply: \(reply)")
            }
            return parsed
        }

        /// A memory figure of `pid` from /proc/PID/status, in MB: `VmRSS`
        /// (resident now) or `VmHWM` (the most it has held).
        static func memoryMB(_ pid: pid_t, _ field: String = "VmRSS") throws -> Double {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let kB = Double(line.split(separator: " ").dropFirst().first ?? "")
            else { throw E2EFailure("no \(field) in /proc/\(pid)/status") }
            return kB / 1024
        }

        @Test("control socket: 1,000 messages, then a refusal; after a load memory is given back; 60 KiB adds stop at 4 MiB of text, costing about what their text costs")
        func controlSocket() async throws {
            let sign = try HeadlessSign.start("limits", arguments: ["ONE"])
            defer { sign.close() }
            try await sign.waitForEvent("first cue") { $0.name == "cue" }
            let client = try await waitFor("the socket", timeout: 10) { try? ControlClient(path: sign.socketPath) }
            _ = try Self.request(client, ["cmd": "status"])
            let base = try Self.memoryMB(sign.pid)

            let text = String(repeating: "m", count: 4_000)
            var done = 0
            var refusal: String?
            for index in 0..<1_001 {
                let reply = try Self.request(client, ["cmd": "add", "text": "\(index) \(text)"])
                if reply["ok"] as? Bool == true { done += 1 } else { refusal = reply["error"] as? String; break }
            }
            #expect(done == 999, "the flow holds 1,000 with the first message")
            #expect(refusal == "the flow is full: a sign holds at most 1,000 messages (it has 1,000, this adds 1)")
            let full = try Self.memoryMB(sign.pid)
            #expect(try Self.request(client, ["cmd": "load", "deck": ["SMALL"]])["ok"] as? Bool == true)
            let afterLoad = try Self.memoryMB(sign.pid)
            // Measured: +7.6 MB with the flow full, +1.1 MB after the load
            // (+7.3 MB without giving the freed pages back).
            #expect(afterLoad - base < 4, "memory given back after the load: \(base) → \(full) → \(afterLoad) MB")

            let long = String(repeating: "x", count: 61_440)
            done = 0
            refusal = nil
            for index in 0..<100 {
                let reply = try Self.request(client, ["cmd": "add", "text": "\(index)" + long.dropFirst(String(index).count)])
                if reply["ok"] as? Bool == true { done += 1 } else { refusal = reply["error"] as? String; break }
            }
            #expect(done == 68, "4 MiB holds 68 messages of 60 KiB beside SMALL")
            #expect(refusal == "the flow is full: a sign holds at most 4 MiB of text (it has 4,177,925 bytes, this adds 61,440)")
            let status = try Self.request(client, ["cmd": "status"])
            #expect((status["count"] as? NSNumber)?.intValue == 69)
            // 4 MiB of text; each byte cost 14.5 bytes before (60 MB here).
            let grown = try Self.memoryMB(sign.pid) - base
            #expect(grown < 16, "4 MiB of text costs about what it is: grew \(grown) MB")
            let adds = sign.events().filter { $0.name == "add" }
            #expect(adds.last?.int("count") == 69, "\(sign.diagnostics())")
        }

        /// A headless sign playing ONE on a broker of its own, its link up.
        static func withFleetSign(_ label: String, _ body: (TestBroker, HeadlessSign) async throws -> Void) async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try E2E.makeShortDirectory("cache")
            defer { try? FileManager.default.removeItem(at: cache) }
            let sign = try HeadlessSign.start(label, arguments: ["--mqtt", broker.url, "--name", "cap", "ONE"],
                                              environment: ["XDG_CACHE_HOME": cache.path])
            defer { sign.close() }
            try await sign.waitForEvent("the link up", timeout: 20) { $0.name == "link" && $0.bool("up") == true }
            try await body(broker, sign)
        }

        /// `mosquitto_pub` of `payload`, from a file: `-f` publishes it
        /// whole, `-l` each line as a message, from one process.
        static func publish(_ broker: TestBroker, _ payload: String, _ arguments: [String]) async throws {
            let folder = try E2E.makeShortDirectory("payload")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("payload")
            try writeFile(payload, to: path)
            let file = arguments.contains("-l") ? [] : ["-f", path.path]
            let result = try await runCommand(try E2E.which("mosquitto_pub"),
                                              ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1"] + arguments + file,
                                              stdinPath: path.path)
            guard result.status == 0 else { throw E2EFailure("mosquitto_pub: \(result.stderr)") }
        }

        @Test("MQTT: adds published to the fleet stop at 4 MiB of text with an error record naming the topic and the cap")
        func mqtt() async throws {
            try await Self.withFleetSign("limits-mqtt") { broker, sign in
                let lines = (0..<75).map { #"{"cmd":"add","text":"\#($0)\#(String(repeating: "y", count: 60_000))"}"# }
                try await Self.publish(broker, lines.joined(separator: "\n") + "\n", ["-t", "ledmarquee/cmd", "-l"])
                let error = try await sign.waitForEvent("the refusal", timeout: 20) {
                    $0.name == "error" && ($0.string("message") ?? "").contains("the flow is full")
                }
                #expect(error.string("message")?.hasPrefix("ledmarquee/cmd: add: the flow is full: a sign holds at most 4 MiB of text") == true,
                        "\(error)")
                try await waitFor("every add answered", timeout: 20, context: sign.diagnostics) { () -> Bool? in
                    sign.events().filter { $0.name == "error" }.count == 75 - 69 ? true : nil
                }
                #expect(sign.events().filter { $0.name == "add" }.last?.int("count") == 70, "ONE and 69 adds of 60,002 bytes")
            }
        }

        /// The broker's log lines that hold `text`.
        static func brokerLines(_ broker: TestBroker, _ text: String) -> [Substring] {
            ((try? String(contentsOfFile: broker.logPath, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains(text) }
        }

        // Before, the sign spoke MQTT 3.1.1: the broker sent it all 32 MB,
        // which libmosquitto received whole and held twice (+64 MB peak)
        // before the callback refused it. Now the sign's MQTT 5 CONNECT
        // advertises 1 MiB + 1 KiB as its maximum packet size.
        @Test("MQTT 5: a 32 MB retained deck and a 2 MiB command never reach the sign (the broker drops them); one just over 1 MiB is still refused in the callback; the next deck plays")
        func oversizedDeck() async throws {
            try await Self.withFleetSign("limits-big") { broker, sign in
                let connected = Self.brokerLines(broker, " as ledmarquee-cap-")
                #expect(connected.count == 1 && connected[0].contains("(p5, c1, k30)"), "the sign speaks MQTT 5: \(connected)")
                let before = try Self.memoryMB(sign.pid, "VmHWM")
                let dropped = "Dropping too large outgoing PUBLISH for ledmarquee-cap-"
                try await Self.publish(broker, "[\"" + String(repeating: "z", count: (32 << 20) - 4) + "\"]", ["-r", "-t", "ledmarquee/deck"])
                try await Self.publish(broker, String(repeating: "c", count: 2 << 20), ["-t", "ledmarquee/cmd"])
                try await waitFor("the broker dropping both", timeout: 20, context: broker.logs) {
                    Self.brokerLines(broker, dropped).count == 2 ? true : nil
                }
                // Within the 1 KiB of room for the topic and headers: sent,
                // and refused in libmosquitto's message callback.
                let justOver = 1_048_576 + 512
                try await Self.publish(broker, "[\"" + String(repeating: "j", count: justOver - 4) + "\"]", ["-r", "-t", "ledmarquee/deck"])
                let refusal = try await sign.waitForEvent("the refusal", timeout: 20) {
                    $0.name == "error" && ($0.string("message") ?? "").contains("refused")
                }
                #expect(refusal.string("message") == "ledmarquee/deck: message of \(justOver) bytes refused (at most 1048576)")
                try await Self.publish(broker, #"["TWO","THREE"]"#, ["-r", "-t", "ledmarquee/deck"])
                try await sign.waitForEvent("the next deck", timeout: 20) { $0.name == "load" && $0.int("count") == 2 }
                // One connection delivers in order: had either big one come,
                // its refusal would be logged before the one just over 1 MiB.
                let refusals = sign.events().filter { $0.name == "error" && ($0.string("message") ?? "").contains("refused") }
                #expect(refusals.count == 1, "only the one just over 1 MiB reached the sign: \(refusals)")
                let grown = try Self.memoryMB(sign.pid, "VmHWM") - before
                #expect(grown < 16, "32 MB never came: peak grew \(grown) MB")
            }
        }
    }
}
