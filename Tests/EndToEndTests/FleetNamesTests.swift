import Foundation
import Glibc
import Testing

extension EndToEnd.Timing {
    /// Names and answers in a fleet (docs/fleet.md, "Answers", "Two signs
    /// with one name", "Forgetting a sign"; issue 26, item 6), on a real
    /// Mosquitto of the test's own.
    @Suite("Fleet names and answers, on a broker")
    struct FleetNames {
        static func headless(_ label: String, _ broker: TestBroker, name: String, cache: URL) throws -> HeadlessSign {
            try HeadlessSign.start(label, arguments: ["--mqtt", broker.url, "--name", name],
                                   environment: ["XDG_CACHE_HOME": cache.path])
        }

        /// A broker with `deck` retained and a cache folder, for `body`; both
        /// are gone after.
        static func withFleet(deck: String = Fleet.deck, _ body: (TestBroker, URL) async throws -> Void) async throws {
            let broker = try await TestBroker.start()
            defer { broker.close() }
            let cache = try Fleet.cacheDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            try await Fleet.publishDeck(broker, deck)
            try await body(broker, cache)
        }

        /// The run ID another sign's duplicate notice names.
        static func run(in message: String?) -> String? {
            guard let message, let range = message.range(of: #"\(run [0-9a-f]{16}\)"#, options: .regularExpression) else { return nil }
            return String(message[range].dropFirst(5).dropLast())
        }

        @Test("two signs started with one --name both say so on screen and in their logs; one killed, the other's status is the one retained")
        func sameName() async throws {
            try await Self.withFleet { broker, cache in
                let first = try await Fleet.sign("twin-a", broker, name: "twin", cache: cache)
                defer { first.close() }
                try await first.waitForEvent("the first sign's link") { $0.name == "link" && $0.bool("up") == true }
                let second = try await Fleet.sign("twin-b", broker, name: "twin", cache: cache)
                defer { second.close() }
                var runs: [String] = []
                for sign in [first, second] {
                    let said = try await sign.waitForEvent("the other sign named", timeout: 10) {
                        $0.name == "error" && ($0.string("message") ?? "").contains("is also named 'twin' on \(broker.url)")
                    }
                    runs.append(try #require(Self.run(in: said.string("message")), "\(said.object)"))
                    try await waitFor("the notice on the screen", timeout: 5, context: sign.diagnostics) { () async throws -> Bool? in
                        try await sign.capture().text.contains("another sign (run") ? true : nil
                    }
                }
                // Each names the other's run.
                let (secondRun, firstRun) = (runs[0], runs[1])
                #expect(firstRun != secondRun)
                // Both take a command to all, and both answer.
                let both = try await broker.send(["next"])
                #expect(both.status == 0 && both.stdout == "twin: ok (another sign of this name answered too: give each its own --name)\n",
                        "\(both.stdout)\(both.stderr)")
                // The first killed: the broker publishes its Last Will on the
                // name's topic, and the second publishes its status over it.
                let sub = try E2E.which("mosquitto_sub"), port = String(broker.port)
                async let heard = runCommand(sub, ["-h", "127.0.0.1", "-p", port, "-q", "1", "-R", "-v",
                                                   "-t", "ledmarquee/sign/twin/status", "-W", "4"], timeout: 10)
                try await pause(0.5)
                kill(try await first.programPID(), SIGKILL)
                let lines = try await heard.stdout.split(separator: "\n").map(String.init)
                let will = try #require(lines.firstIndex { $0.contains(#""online":false,"run":"\#(firstRun)""#) }, "\(lines)")
                #expect(lines[(will + 1)...].contains { $0.contains(#""online":true,"run":"\#(secondRun)""#) }, "\(lines)")
                let retained = try await Fleet.statuses(broker)["twin"]
                #expect(retained?["online"] as? Bool == true && retained?["run"] as? String == secondRun)
            }
        }

        @Test("send --mqtt waits for answers: ok is 0, a refusal 1 with the sign's reason, no such name 3, a sign that does not answer 3, named")
        func answers() async throws {
            try await Self.withFleet(deck: #"["ONE","TWO","THREE"]"#) { broker, cache in
                let a = try Self.headless("answer-a", broker, name: "alpha", cache: cache)
                defer { a.close() }
                let b = try Self.headless("answer-b", broker, name: "beta", cache: cache)
                defer { b.close() }
                for sign in [a, b] {
                    try await sign.waitForEvent("the link") { $0.name == "link" && $0.bool("up") == true }
                    try await sign.waitForEvent("the deck") { $0.name == "load" && $0.int("count") == 3 }
                }
                try await waitFor("both statuses online", timeout: 10) { () async throws -> Bool? in
                    let statuses = try await Fleet.statuses(broker)
                    return statuses["alpha"]?["online"] as? Bool == true && statuses["beta"]?["online"] as? Bool == true ? true : nil
                }
                let one = try await broker.send(["--name", "alpha", "goto", "2"])
                #expect(one.status == 0 && one.stdout == "alpha: ok\n", "\(one.stdout)\(one.stderr)")
                try await a.waitForEvent("the goto") { $0.name == "cue" && $0.string("text") == "TWO" }
                let refused = try await broker.send(["--name", "alpha", "goto", "99"])
                #expect(refused.status == 1, "\(refused.stderr)")
                #expect(refused.stdout.hasPrefix("alpha: refused: no cue 99"), "\(refused.stdout)")
                let typo = try await broker.send(["--name", "typo", "say", "X"])
                #expect(typo.status == 3 && typo.stderr.contains("no sign named 'typo'"), "\(typo.stderr)")
                let all = try await broker.send(["say", "TO ALL", "--for", "30"])
                #expect(all.status == 0 && all.stdout == "alpha: ok\nbeta: ok\n", "\(all.stdout)\(all.stderr)")
                // A sign that stopped answering (SIGSTOP): named, exit 3, after the deadline.
                kill(b.pid, SIGSTOP)
                defer { kill(b.pid, SIGCONT) }
                let started = Date()
                let silent = try await broker.send(["say", "ANYONE", "--wait", "1.5"])
                #expect(silent.status == 3, "\(silent.stdout)\(silent.stderr)")
                #expect(silent.stdout == "alpha: ok\nbeta: no answer within 1.5 s\n", "\(silent.stdout)")
                #expect(Date().timeIntervalSince(started) < 5)
                // A sign from before request IDs (no run in its status) would
                // refuse an id: it is sent the command without one.
                try await Fleet.publishRaw(broker, topic: "ledmarquee/sign/old/status", #"{"name":"old","online":true}"#, retain: true)
                let sub = try E2E.which("mosquitto_sub"), port = String(broker.port)
                async let heard = runCommand(sub, ["-h", "127.0.0.1", "-p", port, "-q", "1", "-t", "ledmarquee/sign/old/cmd", "-C", "1",
                                                   "-W", "5"], timeout: 10)
                try await pause(0.5)
                let older = try await broker.send(["--name", "old", "next"])
                #expect(older.status == 0 && older.stdout == "old: sent (an older sign: it does not answer)\n", "\(older.stdout)\(older.stderr)")
                #expect(try await heard.stdout == #"{"cmd":"next"}"# + "\n")
            }
        }

        @Test("a broker that holds back its acknowledgements: of 100 commands with IDs, the sign keeps at most 64 answers waiting")
        func answersCapped() async throws {
            try await FleetLink.withSign(.lateAcks, "answers-capped") { broker, sign in
                try await sign.waitForEvent("the link up") { $0.name == "link" && $0.bool("up") == true }
                // The broker acknowledges all 2 s after its commands; the
                // answers the sign kept then reach it.
                try await waitFor("the answers kept", timeout: 10, context: broker.logs) {
                    broker.times(broker.acksPath, "reply").count >= 64 ? true : nil
                }
                try await pause(1.5)
                #expect(broker.times(broker.acksPath, "reply").count == 64)
                #expect(kill(sign.pid, 0) == 0, "no crash")
            }
        }

        @Test("status is a table a person reads (--json the raw statuses); forget refuses a sign online and removes one gone")
        func statusAndForget() async throws {
            try await Self.withFleet(deck: #"["HELLO WORLD"]"#) { broker, cache in
                let lobby = try Self.headless("table-lobby", broker, name: "lobby", cache: cache)
                defer { lobby.close() }
                let door = try Self.headless("table-door", broker, name: "door", cache: cache)
                defer { door.close() }
                for sign in [lobby, door] { try await sign.waitForEvent("the deck") { $0.name == "load" } }
                kill(door.pid, SIGTERM)
                _ = try await door.waitForExit()
                let table = try await waitFor("the table", timeout: 10) { () async throws -> [String]? in
                    let result = try await broker.send(["status"])
                    let lines = result.stdout.split(separator: "\n").map(String.init)
                    return lines.count == 3 && lines[2].contains("1/1 HELLO WORLD") ? lines : nil
                }
                #expect(table[0].split(separator: " ", omittingEmptySubsequences: true) == ["NAME", "ONLINE", "LAST", "SEEN", "SHOWING", "LINK"])
                let doorRow = table[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                #expect(doorRow.count == 7 && doorRow[0] == "door" && doorRow[1] == "no" && doorRow[4] == "UTC", "\(table)")
                #expect(table[2].split(separator: " ", omittingEmptySubsequences: true)
                        == ["lobby", "yes", "now", "1/1", "HELLO", "WORLD", "up"], "\(table)")
                let json = try await broker.send(["status", "--json"])
                #expect(json.stdout.split(separator: "\n").count == 2 && json.stdout.hasPrefix(#"{"name":"door","online":false,"run":""#))
                let online = try await broker.send(["forget", "lobby"])
                #expect(online.status == 1 && online.stderr.contains("'lobby' is online"), "\(online.stderr)")
                let forgot = try await broker.send(["forget", "door"])
                #expect(forgot.status == 0 && forgot.stdout == "door: forgotten\n", "\(forgot.stderr)")
                let again = try await broker.send(["forget", "door"])
                #expect(again.status == 3 && again.stderr.contains("no sign named 'door'"), "\(again.stderr)")
                let after = try await broker.send(["status", "--json"])
                #expect(after.stdout.split(separator: "\n").count == 1 && after.stdout.hasPrefix(#"{"name":"lobby","#))
            }
        }
    }
}
