import Foundation
import Testing

extension EndToEnd.Timing {
    /// A fleet on a real Mosquitto broker (docs/fleet.md): each test starts
    /// its own on 127.0.0.1 on a free port (`TestBroker`) and stops it.
    /// Signs keep their decks in a cache directory of the test's own.
    @Suite("Fleet")
    struct Fleet {
        static let deck = #"[{"text":"FLEET ONE","seconds":20},{"text":"FLEET TWO","seconds":20}]"#

        /// A cache directory named with this test process's pid.
        static func cacheDirectory() throws -> URL { try E2E.makeShortDirectory("cache") }

        static func publishDeck(_ broker: TestBroker, _ text: String = deck) async throws {
            let file = try E2E.makeShortDirectory("deck")
            defer { try? FileManager.default.removeItem(at: file) }
            let path = file.appendingPathComponent("deck.json")
            try writeFile(text, to: path)
            let result = try await broker.send(["deck", path.path])
            guard result.status == 0 else { throw E2EFailure("send deck: \(result.stderr)\n\(broker.logs())") }
        }

        /// `mosquitto_pub`: what `ledmarquee send` would refuse to publish.
        static func publishRaw(_ broker: TestBroker, topic: String, _ payload: String, retain: Bool = false) async throws {
            let result = try await runCommand(try E2E.which("mosquitto_pub"),
                                              ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1", "-t", topic, "-m", payload]
                                                + (retain ? ["-r"] : []))
            guard result.status == 0 else { throw E2EFailure("mosquitto_pub: \(result.stderr)") }
        }

        static func statuses(_ broker: TestBroker) async throws -> [String: [String: Any]] {
            let result = try await broker.send(["status", "--json"])
            var byName: [String: [String: Any]] = [:]
            for line in result.stdout.split(separator: "\n") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let name = object["name"] as? String else { continue }
                byName[name] = object
            }
            return byName
        }

        static func sign(_ label: String, _ broker: TestBroker, name: String, cache: URL, extra: [String] = []) async throws -> Session {
            try await Session.start(label, Launch(arguments: ["--mqtt", broker.url, "--name", name] + extra,
                                                  environment: ["XDG_CACHE_HOME": cache.path]))
        }

        @Test("two signs take the retained deck, a say to all and a say to one; status lists both; a killed sign goes offline by its Last Will")
        func deckCommandsStatusAndWill() async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try Self.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            try await Self.publishDeck(broker)
            let a = try await Self.sign("fleet-a", broker, name: "a", cache: cache)
            defer { a.close() }
            let b = try await Self.sign("fleet-b", broker, name: "b", cache: cache)
            defer { b.close() }
            // a takes the retained deck and keeps it; b, started after,
            // may play the kept one first, and then takes the same deck
            // without starting over.
            try await a.waitForEvent("the retained deck") { $0.name == "load" && $0.int("count") == 2 }
            for sign in [a, b] {
                try await sign.waitForEvent("the link") { $0.name == "link" && $0.bool("up") == true }
                try await sign.waitForEvent("the deck's first message") {
                    $0.name == "cue" && $0.string("text") == "FLEET ONE" && $0.int("count") == 2
                }
            }
            let all = try await broker.send(["say", "DOORS OPEN", "--for", "30"])
            #expect(all.status == 0, "\(all.stderr)")
            for sign in [a, b] {
                try await sign.waitForEvent("the say to all") { $0.name == "interrupt" && $0.string("text") == "DOORS OPEN" }
            }
            let one = try await broker.send(["--name", "b", "say", "ONLY B"])
            #expect(one.status == 0, "\(one.stderr)")
            try await b.waitForEvent("the say to b") { $0.name == "interrupt" && $0.string("text") == "ONLY B" }
            // Commands reach signs in order: a later command to all that a
            // has logged means the one to b has been and gone for a.
            _ = try await broker.send(["clear"])
            try await a.waitForEvent("the clear") { $0.name == "interruptEnded" && $0.string("reason") == "clear" }
            #expect(!a.events().contains { $0.string("text") == "ONLY B" })
            let listed = try await waitFor("both signs' status", timeout: 10) { () async throws -> [String: [String: Any]]? in
                let statuses = try await Self.statuses(broker)
                // Each follows its sign within its interval of a second.
                let current = ["a", "b"].allSatisfy { statuses[$0]?["count"] as? Int == 2 && statuses[$0]?["interrupt"] as? Bool == false }
                return current ? statuses : nil
            }
            #expect(listed["a"]?["online"] as? Bool == true && listed["b"]?["online"] as? Bool == true)
            #expect(listed["a"]?["count"] as? Int == 2 && listed["a"]?["link"] as? String == "up")
            // The connect's thread ended with the connect: one thread, which
            // serves the connection from the event loop.
            let threads = try EndToEnd.Screens.Threads.tasks(try await a.programPID())
            #expect(threads.count == 1, "\(threads)")
            // Killed: no clean disconnect, so the broker publishes the Will.
            kill(try await a.programPID(), SIGKILL)
            try await waitFor("a's Last Will", timeout: 10, context: broker.logs) { () async throws -> Bool? in
                try await Self.statuses(broker)["a"]?["online"] as? Bool == false ? true : nil
            }
            #expect(try await Self.statuses(broker)["b"]?["online"] as? Bool == true)
            // Quit: the sign says it goes offline itself.
            try await b.send("q")
            #expect(try await b.waitForExit() == 0)
            try await waitFor("b offline after quitting", timeout: 10) { () async throws -> Bool? in
                try await Self.statuses(broker)["b"]?["online"] as? Bool == false ? true : nil
            }
        }

        @Test("the broker stopped: the sign plays on and says the link is down; back, it reconnects; a sign started meanwhile plays the kept deck")
        func brokerAway() async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try Self.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            try await Self.publishDeck(broker, #"[{"text":"AWAY ONE","seconds":2},{"text":"AWAY TWO","seconds":2}]"#)
            let sign = try await Self.sign("fleet-away", broker, name: "away", cache: cache)
            defer { sign.close() }
            try await sign.waitForEvent("the link") { $0.name == "link" && $0.bool("up") == true }
            try await sign.waitForEvent("the deck") { $0.name == "load" }
            broker.stop()
            let down = try await sign.waitForEvent("the link down") { $0.name == "link" && $0.bool("up") == false }
            let skip = sign.events().count
            try await sign.waitForEvent("the flow going on alone", timeout: 10, after: skip) { $0.isAutomaticCue }
            // The notices of the lost connection and of each attempt to
            // reconnect hold the controls line for a few seconds each (a flow
            // of short messages moves on before they end): a key a second
            // brings the line back between them.
            let keys = Stopwatch()
            var pressed = -1
            try await waitFor("the status line saying so", timeout: 10, context: sign.diagnostics) { () async throws -> Bool? in
                if Int(keys.elapsed) > pressed {
                    pressed = Int(keys.elapsed)
                    try await sign.send("x")
                }
                return try await sign.capture().text.contains("× broker down") ? true : nil
            }
            // A sign started while the broker is away plays the fleet's deck.
            let late = try HeadlessSign.start("fleet-late", arguments: ["--mqtt", broker.url, "--name", "late"],
                                              environment: ["XDG_CACHE_HOME": cache.path])
            defer { late.close() }
            try await late.waitForEvent("the kept deck") { $0.name == "cue" && $0.string("text") == "AWAY ONE" && $0.int("count") == 2 }
            try await broker.start()
            try await sign.waitForEvent("the link back", timeout: 10, after: skip) { $0.name == "link" && $0.bool("up") == true }
            try await late.waitForEvent("the late sign's link", timeout: 10) { $0.name == "link" && $0.bool("up") == true }
            #expect(down.t > 0)
            #expect(try await Self.statuses(broker)["away"]?["online"] as? Bool == true)
            // The retained deck came again and was the same: the flow did not start over.
            #expect(sign.events().filter { $0.name == "load" }.count == 1)
        }

        @Test("a malformed deck, a deck with bad zones or a bad command from the broker: an error and a notice, and the deck plays on")
        func hostilePayloads() async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try Self.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            try await Self.publishDeck(broker)
            let sign = try await Self.sign("fleet-bad", broker, name: "bad", cache: cache)
            defer { sign.close() }
            try await sign.waitForEvent("the deck") { $0.name == "load" && $0.int("count") == 2 }
            try await Self.publishRaw(broker, topic: "ledmarquee/deck", "[{\"text\": 42}", retain: true)
            try await sign.waitForEvent("the deck's error, naming where it stops being JSON") {
                $0.name == "error" && $0.string("message") == "ledmarquee/deck:1:14: not valid JSON (it ends before the JSON value does)"
            }
            // Bad zones refuse the deck whole: the sign keeps its own (docs/zones.md, "In a deck").
            try await Self.publishRaw(broker, topic: "ledmarquee/deck", #"{"deck": ["Z"], "zones": ["middle:\u001b[2Jx"]}"#, retain: true)
            try await sign.waitForEvent("the zones' error, naming the zone, escaped") {
                $0.name == "error"
                    && $0.string("message") == #"ledmarquee/deck: "zones" 1: zone 'middle:\e[2Jx': unknown edge 'middle' (use left, right, top, bottom)"#
            }
            try await Self.publishRaw(broker, topic: "ledmarquee/cmd", #"{"cmd":"load","path":"/etc/passwd"}"#)
            try await sign.waitForEvent("the command's error") {
                $0.name == "error" && ($0.string("message") ?? "").contains("'load' of a path is for the control socket")
            }
            try await Self.publishRaw(broker, topic: "ledmarquee/sign/bad/cmd", #"{"cmd":"say","text":"\u001b[2J{file:/etc/hostname}"}"#)
            let say = try await sign.waitForEvent("the say") { $0.name == "interrupt" }
            #expect(say.string("text") == "{file:/etc/hostname}", "no escape reaches the sign, and no file is read")
            #expect(sign.events().filter { $0.name == "load" }.count == 1)
            #expect(sign.isProgramAlive(try await sign.programPID()), "no crash")
            // The status follows within its interval of a second.
            try await waitFor("the status of the old deck", timeout: 10) { () async throws -> Bool? in
                let status = try await Self.statuses(broker)["bad"]
                return status?["count"] as? Int == 2 && status?["interrupt"] as? Bool == true ? true : nil
            }
        }

        @Test("--sync: two fleet signs, one started 1.5 s after the other, change messages of the retained deck within 100 ms of each other")
        func inStep() async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try Self.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let epoch = (Date().timeIntervalSince1970 - 60).rounded(.down)
            try await Self.publishDeck(broker, #"{"epoch": \#(Int(epoch)), "deck": [{"text": "STEP ONE", "seconds": 2}, {"text": "STEP TWO", "seconds": 2}]}"#)
            let first = try await Self.sign("fleet-sync-a", broker, name: "sync-a", cache: cache, extra: ["--sync", "--scale", "2"])
            defer { first.close() }
            try await first.waitForEvent("the deck") { $0.name == "load" }
            try await pause(1.5)
            let second = try HeadlessSign.start("fleet-sync-b", arguments: ["--mqtt", broker.url, "--name", "sync-b", "--sync"],
                                                environment: ["XDG_CACHE_HOME": cache.path])
            defer { second.close() }
            try await waitFor("three changes on the second sign", timeout: 12, context: second.diagnostics) {
                second.events().filter(\.isAutomaticCue).count >= 3 ? true : nil
            }
            func changes(_ events: [Event]) throws -> [(wall: Double, index: Int)] {
                let sync = try #require(events.last { $0.name == "sync" }, "a synced sign logs its wall offset")
                let offset = try #require((sync.object["offset"] as? NSNumber)?.doubleValue)
                return events.filter(\.isAutomaticCue).map { ($0.t + offset, $0.int("index") ?? -1) }
            }
            let b = try changes(second.events())
            // The two signs change at the same moment, each logging it when it
            // draws: the first's record of the third change may come a few
            // milliseconds after the second's.
            let third = try #require(b.prefix(3).last).wall
            try await waitFor("the first sign's change at that moment", timeout: 3, context: first.diagnostics) {
                (try? changes(first.events()))?.contains { $0.wall >= third - 0.1 } == true ? true : nil
            }
            let a = try changes(first.events())
            for change in b.prefix(3) {
                let match = a.min { abs($0.wall - change.wall) < abs($1.wall - change.wall) }
                #expect(match.map { abs($0.wall - change.wall) } ?? .infinity < 0.1, "\(change) against \(a)")
                #expect(match?.index == change.index, "both show the same message")
            }
        }

        @Test("mqtts:// with a CA and a password file; a wrong password and a CA that is not the broker's are errors, not crashes")
        func tlsAndPasswords() async throws {
            let broker = try await TestBroker.start(credentials: ("sign", "s3cret:x"), tls: true)
            defer { broker.close() }
            let cache = try Self.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let passwords = cache.appendingPathComponent("right")
            try writeFile("sign:s3cret:x\n", to: passwords)
            chmod(passwords.path, 0o600)
            try writeFile("sign:wrong\n", to: cache.appendingPathComponent("wrong"))
            chmod(cache.appendingPathComponent("wrong").path, 0o600)
            try await Self.publishDeck(broker)
            let environment = ["XDG_CACHE_HOME": cache.path]
            let good = try HeadlessSign.start("fleet-tls", arguments: ["--mqtt", broker.url, "--name", "tls", "--mqtt-ca", broker.caPath,
                                                                       "--mqtt-password-file", passwords.path], environment: environment)
            defer { good.close() }
            try await good.waitForEvent("the link over TLS") { $0.name == "link" && $0.bool("up") == true }
            try await good.waitForEvent("the deck over TLS") { $0.name == "load" && $0.int("count") == 2 }
            let wrong = try HeadlessSign.start("fleet-pw", arguments: ["--mqtt", broker.url, "--name", "pw", "--mqtt-ca", broker.caPath,
                                                                       "--mqtt-password-file", cache.appendingPathComponent("wrong").path],
                                               environment: environment)
            defer { wrong.close() }
            try await wrong.waitForEvent("the refusal") {
                $0.name == "error" && ($0.string("message") ?? "").contains("the broker refused the sign")
            }
            // The system's CAs do not know the test CA.
            let untrusted = try HeadlessSign.start("fleet-ca", arguments: ["--mqtt", broker.url, "--name", "ca",
                                                                           "--mqtt-password-file", passwords.path], environment: environment)
            defer { untrusted.close() }
            try await untrusted.waitForEvent("the TLS error") { $0.name == "error" && ($0.string("message") ?? "").contains("TLS") }
            for sign in [wrong, untrusted] {
                #expect(!sign.events().contains { $0.name == "link" && $0.bool("up") == true })
                kill(sign.pid, SIGTERM)
                #expect(try await sign.waitForExit() == 128 + SIGTERM)
                try await sign.waitForEvent("its quit") { $0.name == "quit" }
            }
        }
    }
}
