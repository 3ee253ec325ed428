import Testing
@testable import MarqueeApp

/// `ledmarquee send --mqtt URL …` (docs/fleet.md).
@Suite("send --mqtt arguments")
struct SendFleetArgumentsTests {
    @Test("a command, a deck, a status; to all or to one")
    func forms() throws {
        let say = try #require(try SendArguments.parse(["--mqtt", "mqtt://b", "say", "DOORS", "OPEN"], cwd: "/"))
        #expect(say.fleet == SendArguments.Fleet(broker: BrokerAddress(host: "b", port: 1883, tls: false)))
        #expect(say.request == #"{"cmd":"say","text":"DOORS OPEN"}"# && say.name == nil)
        let deck = try #require(try SendArguments.parse(["deck", "d.json", "--mqtt=mqtts://b", "--mqtt-topic", "shop",
                                                         "--mqtt-ca", "ca.pem"], cwd: "/"))
        #expect(deck.fleet?.deckPath == "d.json" && deck.fleet?.prefix == "shop" && deck.fleet?.caFile == "ca.pem")
        #expect(try SendArguments.parse(["--mqtt", "mqtt://b", "--name", "lobby", "next"], cwd: "/")?.name == "lobby")
    }

    @Test("usage errors", arguments: [
        (["deck", "d.json"], "send: 'deck' publishes to a fleet: it needs --mqtt URL"),
        (["--mqtt-topic", "x", "next"], "send: --mqtt-topic needs --mqtt"),
        (["--mqtt", "mqtt://b", "watch"], "send: 'watch' is for one sign's control socket; with --mqtt, use status"),
        (["--mqtt", "mqtt://b", "load", "x"], "send: with --mqtt, publish a deck with 'deck FILE' ('load' reads a file on the sign)"),
        (["--mqtt", "mqtt://b", "--control", "/s", "next"], "send: give --mqtt or --control, not both"),
        (["--mqtt", "mqtt://b", "--mqtt-ca", "ca", "next"], "send: --mqtt-ca needs an mqtts:// broker"),
        (["--mqtt", "mqtt://u:p@b", "next"], "send: --mqtt 'mqtt://u:p@b': no user or password in the URL"),
        (["--mqtt", "mqtt://b", "--mqtt-topic", "a/+", "next"], "send: invalid --mqtt-topic 'a/+'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try SendArguments.parse(arguments, cwd: "/")
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }
}

/// The sign's fleet options (docs/fleet.md, ledmarquee(1)).
@Suite("Fleet options")
struct FleetOptionsTests {
    @Test("parsed and checked together", arguments: [
        (["--mqtt-topic", "x", "m"], "--mqtt-topic needs --mqtt"),
        (["--mqtt-ca", "ca", "m"], "--mqtt-ca needs --mqtt"),
        (["--mqtt-password-file", "pw", "m"], "--mqtt-password-file needs --mqtt"),
        (["--mqtt", "mqtt://b", "--mqtt-ca", "ca", "m"], "--mqtt-ca needs an mqtts:// broker"),
        (["--mqtt", "mqtt://b", "--snapshot", "m"], "--snapshot draws one frame alone; it cannot join a fleet (--mqtt)"),
        (["--mqtt", "tcp://b", "m"], "--mqtt 'tcp://b': use mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"),
        (["--mqtt", "mqtt://b", "--mqtt-topic", "a//b", "m"], "invalid --mqtt-topic 'a//b'"),
    ])
    func refused(arguments: [String], message: String) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }

    @Test("taken")
    func taken() throws {
        guard case .run(let options, _) = try CommandLineParser.parse(["--mqtt", "mqtts://b:1", "--mqtt-topic", "shop/1",
                                                                       "--mqtt-ca", "ca.pem", "--mqtt-password-file", "pw", "m"]) else {
            Issue.record("not a run")
            return
        }
        #expect(options.mqtt == BrokerAddress(host: "b", port: 1, tls: true) && options.mqttTopic == "shop/1")
        #expect(options.mqttCA == "ca.pem" && options.mqttPasswordFile == "pw")
    }
}

/// A combination's error from the config file says which line (docs/command-line.md).
@Suite("Combination errors from a config file")
struct CombinationPlaceTests {
    @Test("the line of the option the error names first", arguments: [
        ("colour green\nmqtt-ca ca.pem\n", [String](), "my.config:2: --mqtt-ca needs --mqtt"),
        ("sync\nshuffle\n", [], "my.config:1: --sync plays the deck's own order on every sign; it cannot be used with --shuffle"),
        ("quiet-mode off\n", [], "my.config:1: --quiet-mode needs --quiet"),
        ("headless\nno-control\n", [], "my.config:1: --headless needs the control socket, --events or --mqtt"),
        ("mqtt-ca ca.pem\n", ["--mqtt", "mqtt://b", "x"], "my.config:1: --mqtt-ca needs an mqtts:// broker"),
    ])
    func placed(config: String, arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try CommandLineParser.parse(arguments.isEmpty ? ["x"] : arguments, configBytes: Array(config.utf8), configName: "my.config")
        }
    }

    @Test("an option on the command line has no place")
    func commandLine() {
        #expect(throws: UsageError("--mqtt-ca needs --mqtt")) {
            try CommandLineParser.parse(["--mqtt-ca", "ca.pem", "x"], configBytes: Array("colour green\n".utf8), configName: "my.config")
        }
    }
}

/// `send --mqtt`'s own words and options for answers, the status table
/// and forget (docs/fleet.md; issue 26, item 6).
@Suite("send --mqtt answers, status and forget arguments")
struct SendFleetAnswerArgumentsTests {
    @Test("forget NAME, --force, --json, --wait")
    func taken() throws {
        let forget = try #require(try SendArguments.parse(["--mqtt", "mqtt://b", "forget", "lobby", "--force"], cwd: "/"))
        #expect(forget.command == "forget" && forget.fleet?.forgetName == "lobby" && forget.fleet?.force == true)
        #expect(try SendArguments.parse(["--mqtt", "mqtt://b", "status", "--json"], cwd: "/")?.fleet?.json == true)
        #expect(try SendArguments.parse(["--mqtt", "mqtt://b", "say", "X", "--wait", "0.5"], cwd: "/")?.fleet?.waitSeconds == 0.5)
        #expect(try SendArguments.parse(["--mqtt", "mqtt://b", "next"], cwd: "/")?.fleet?.waitSeconds == 5)
    }

    @Test("usage errors", arguments: [
        (["forget", "lobby"], "send: 'forget' publishes to a fleet: it needs --mqtt URL"),
        (["--mqtt", "mqtt://b", "forget"], "send: 'forget' takes one argument"),
        (["--mqtt", "mqtt://b", "forget", "a/b"], "send: forget: "),
        (["--mqtt", "mqtt://b", "--name", "a", "forget", "a"], "send: 'forget' takes the sign's name as its argument, not --name"),
        (["--mqtt", "mqtt://b", "next", "--json"], "send: --json is for --mqtt status"),
        (["--json", "status"], "send: --json needs --mqtt"),
        (["--mqtt", "mqtt://b", "next", "--force"], "send: --force is for --mqtt forget"),
        (["--mqtt", "mqtt://b", "next", "--wait", "0"], "send: --wait must be more than 0 and at most 600 seconds"),
        (["--mqtt", "mqtt://b", "next", "--wait", "nan"], "send: --wait must be more than 0"),
        (["--mqtt", "mqtt://b", "status", "--wait", "2"], "send: --wait is for the commands the signs answer, not 'status'"),
        (["--wait", "2", "next"], "send: --wait needs --mqtt"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try SendArguments.parse(arguments, cwd: "/")
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }
}
