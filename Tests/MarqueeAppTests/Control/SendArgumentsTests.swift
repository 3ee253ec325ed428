import Testing
@testable import MarqueeApp

/// `ledmarquee send`'s words become one request line (docs/control.md).
@Suite("ledmarquee send arguments")
struct SendArgumentsTests {
    static func request(_ words: [String]) throws -> String? {
        try SendArguments.parse(words, cwd: "/home/me")?.request
    }

    @Test("each command's request")
    func requests() throws {
        #expect(try Self.request(["status"]) == #"{"cmd":"status"}"#)
        #expect(try Self.request(["next"]) == #"{"cmd":"next"}"#)
        #expect(try Self.request(["goto", "3"]) == #"{"cmd":"goto","index":3}"#)
        #expect(try Self.request(["load", "deck.json"]) == #"{"cmd":"load","path":"/home/me/deck.json"}"#)
        #expect(try Self.request(["load", "/d.json"]) == #"{"cmd":"load","path":"/d.json"}"#)
        #expect(try Self.request(["say", "FIRE", "DRILL", "--caption", "now", "--color=amber", "--for", "60"])
                == #"{"cmd":"say","text":"FIRE DRILL","caption":"now","for":60,"color":"amber"}"#)
        #expect(try Self.request(["add", "--seconds", "4", "NEW"]) == #"{"cmd":"add","text":"NEW","seconds":4}"#)
        #expect(try Self.request(["say", "FAILED", "--color", "red", "--style", "blocks", "--speed", "40", "--static"])
                == #"{"cmd":"say","text":"FAILED","color":"red","style":"blocks","speed":40,"static":true}"#)
        #expect(try Self.request(["add", "--static", "OK", "--speed=-12.5", "--color", "#28FF3C"])
                == ##"{"cmd":"add","text":"OK","color":"#28FF3C","speed":-12.5,"static":true}"##)
        #expect(try Self.request(["say", "--", "--5", "-h"]) == #"{"cmd":"say","text":"--5 -h"}"#)
        // The main command's spelling --colour is send's too (issue 26).
        #expect(try Self.request(["say", "OPEN", "--colour", "green"]) == #"{"cmd":"say","text":"OPEN","color":"green"}"#)
        #expect(try Self.request(["add", "--colour=amber", "LATE"]) == #"{"cmd":"add","text":"LATE","color":"amber"}"#)
        let parsed = try SendArguments.parse(["--name", "lobby", "status"], cwd: "/")
        #expect(parsed?.name == "lobby" && parsed?.control == nil)
        #expect(try SendArguments.parse(["status", "--control", "/s.sock"], cwd: "/")?.control == "/s.sock")
        #expect(try SendArguments.parse(["--help"], cwd: "/") == nil && SendArguments.parse(["-h"], cwd: "/") == nil)
    }

    @Test("snapshot: --png is send's own (never in the request), --led-pixels the sign's")
    func snapshot() throws {
        let parsed = try #require(try SendArguments.parse(["snapshot", "--png", "out.png"], cwd: "/home/me"))
        #expect(parsed.request == #"{"cmd":"snapshot"}"# && parsed.outputPath == "out.png")
        let sized = try #require(try SendArguments.parse(["--name", "lobby", "snapshot", "--led-pixels", "4", "--png=/t/a.png"], cwd: "/"))
        #expect(sized.request == #"{"cmd":"snapshot","led-pixels":4}"# && sized.outputPath == "/t/a.png")
        #expect(try SendArguments.parse(["status"], cwd: "/")?.outputPath == nil)
        let cases: [([String], String)] = [
            (["snapshot"], "send: 'snapshot' needs --png FILE"),
            (["snapshot", "--png="], "send: 'snapshot' needs --png FILE"),
            (["snapshot", "x.png"], "send: 'snapshot' takes no argument"),
            (["status", "--png", "x.png"], "send: 'status' takes no --png"),
            (["snapshot", "--png", "x.png", "--led-pixels", "many"], "send: '--led-pixels' needs a number, not 'many'"),
            (["--mqtt", "mqtt://127.0.0.1", "snapshot", "--png", "x.png"], "send: 'snapshot' with --mqtt is one sign's: give its --name"),
        ]
        for (words, message) in cases {
            #expect(throws: UsageError(message), "\(words)") { try SendArguments.parse(words, cwd: "/") }
        }
        let fleet = try #require(try SendArguments.parse(["--mqtt", "mqtt://127.0.0.1", "--name", "a", "snapshot", "--png", "x.png"], cwd: "/"))
        #expect(fleet.fleet != nil && fleet.outputPath == "x.png")
    }

    @Test("usage errors")
    func usageErrors() {
        #expect(RemoteCommandTable.all.map(\.name).starts(with: ["say", "next", "prev"]))
        let cases: [([String], String)] = [
            // Every command of the table, in its order: a new one joins without this test.
            ([], "send: which command? (\(RemoteCommandTable.all.map(\.name).joined(separator: ", ")))"),
            (["jump"], "send: unknown command 'jump'"),
            (["next", "x"], "send: 'next' takes no argument"),
            (["say"], "send: 'say' needs a message"),
            (["goto"], "send: 'goto' takes one argument"),
            (["goto", "x"], "send: 'goto' needs a message number from 1, not 'x'"),
            (["goto", "0"], "send: 'goto' needs a message number from 1, not '0'"),
            (["next", "--for", "3"], "send: 'next' takes no --for"),
            (["say", "a", "--for", "soon"], "send: '--for' needs a number, not 'soon'"),
            (["say", "a", "--bogus"], "send: unknown option '--bogus'"),
            (["say", "a", "--caption"], "send: option '--caption' needs a value"),
            (["say", "a", "--speed", "fast"], "send: '--speed' needs a number, not 'fast'"),
            (["say", "a", "--static=yes"], "send: '--static' takes no value"),
            (["next", "--static"], "send: 'next' takes no --static"),
            (["add", "a", "--for", "3"], "send: 'add' takes no --for"),
        ]
        for (words, message) in cases {
            #expect(throws: UsageError(message), "\(words)") { try SendArguments.parse(words, cwd: "/") }
        }
        #expect(throws: UsageError.self) { try SendArguments.parse(["--name", "../x", "status"], cwd: "/") }
    }
}

@Suite("A message 'send'")
struct SendMessageTests {
    @Test("after -- or an option, 'send' is a message, not the client")
    func messageSend() throws {
        guard case .run(let options, _) = try CommandLineParser.parse(["--", "send"]) else { Issue.record("not a run"); return }
        #expect(options.message == "send")
        guard case .run(let later, _) = try CommandLineParser.parse(["--once", "send", "now"]) else { Issue.record("not a run"); return }
        #expect(later.message == "send now")
    }
}
