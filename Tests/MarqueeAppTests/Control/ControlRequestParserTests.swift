import MarqueeCore
import Testing
@testable import MarqueeApp

/// Control requests come from any process of the user's (docs/control.md):
/// every byte string is a request or one bounded error.
@Suite("Control requests")
struct ControlRequestParserTests {
    static func parse(_ text: String) -> Result<ControlRequest, ControlRequestParser.Failure> {
        ControlRequestParser.parse(Array(text.utf8), defaultSeconds: 7)
    }

    static func error(_ text: String) -> String? {
        guard case .failure(let failure) = parse(text) else { return nil }
        return failure.message
    }

    @Test("every command without arguments parses")
    func plainCommands() {
        let expected: [String: ControlRequest] = [
            "next": .remote("next", .next), "prev": .remote("prev", .previous), "pause": .remote("pause", .pause),
            "resume": .remote("resume", .resume), "clear": .remote("clear", .clear), "status": ControlRequest("status", .status),
            "watch": ControlRequest("watch", .watch),
        ]
        for (name, request) in expected {
            #expect(Self.parse("{\"cmd\":\"\(name)\"}") == .success(request), "\(name)")
            #expect(request.command == name)
        }
    }

    @Test("say takes text, caption, colour, style (any case), speed, static, seconds (clamped) and for")
    func say() throws {
        let result = Self.parse(#"{"cmd":"say","text":"FIRE","caption":"now","color":"amber","style":"BLOCKS","speed":-8,"static":true,"seconds":99,"for":60}"#)
        let request = try result.get()
        let say = try #require(request.interrupt, "\(request)")
        #expect(request.command == "say")
        #expect(say.cue.text == "FIRE" && say.cue.caption == "now" && say.cue.seconds == SecondsPerMessage.maximum)
        #expect(say.cue.look == CueLook(color: LEDColor(parsing: "amber"), style: .blocks, speed: -8, isStatic: true))
        #expect(say.duration == 60)
        let plain = try #require(try Self.parse(#"{"cmd":"say","text":"HI"}"#).get().interrupt, "plain say")
        #expect(plain.cue.seconds == 7 && plain.cue.look == .none && plain.duration == nil)
    }

    @Test("each look field of say alone reaches the cue, and nothing else of its look", arguments: [
        (##""color":"#00FF00""##, CueLook(color: .solid(red: 0, green: 255, blue: 0))),
        (#""color":"RAINBOW""#, CueLook(color: .rainbow)),
        (#""style":"braille""#, CueLook(style: .braille)),
        (#""speed":0"#, CueLook(speed: 0)),
        (#""speed":20"#, CueLook(speed: 20)),
        (#""speed":-12.5"#, CueLook(speed: -12.5)),
        (#""static":false"#, CueLook(isStatic: false)),
    ])
    func sayLookField(field: String, look: CueLook) throws {
        let say = try #require(try Self.parse("{\"cmd\":\"say\",\"text\":\"A\",\(field)}").get().interrupt, "not a say")
        #expect(say.cue.look == look)
    }

    @Test("a one-text add takes a look too; an entries add leaves it to each entry")
    func addLook() throws {
        let cues = try #require(try Self.parse(#"{"cmd":"add","text":"OK","color":"green","speed":12}"#).get().added, "not an add")
        #expect(cues.map(\.look) == [CueLook(color: LEDColor(parsing: "green"), speed: 12)])
        let entries = try #require(try Self.parse(#"{"cmd":"add","entries":[{"text":"A","colour":"blue","static":true}]}"#).get().added)
        #expect(entries.map(\.look) == [CueLook(color: LEDColor(parsing: "blue"), isStatic: true)])
        #expect(Self.error(#"{"cmd":"add","entries":["A"],"color":"red"}"#) == "'add' with 'entries' takes no 'color' (each entry has its own)")
    }

    @Test("goto, load and add")
    func arguments() throws {
        #expect(Self.parse(#"{"cmd":"goto","index":3}"#) == .success(.remote("goto", .goto(2))), "counted from 1, given from 0")
        #expect(Self.parse(#"{"cmd":"load","path":"/tmp/deck.json"}"#) == .success(ControlRequest("load", .loadFile("/tmp/deck.json"))))
        let request = try Self.parse(#"{"cmd":"load","deck":["ONE",{"text":"TWO","seconds":3,"x":1}]}"#).get()
        let deck = try #require(request.loaded, "inline deck")
        #expect(deck.cues.map(\.text) == ["ONE", "TWO"] && deck.cues.map(\.seconds) == [7, 3])
        #expect(request.notes.count == 1, "the unknown key is noted, as in a deck file")
        let one = try #require(try Self.parse(#"{"cmd":"add","text":"NEW","caption":"c"}"#).get().added, "add")
        #expect(one.map(\.text) == ["NEW"] && one.first?.caption == "c")
        let many = try #require(try Self.parse(#"{"cmd":"add","entries":["A","B"]}"#).get().added, "add entries")
        #expect(many.map(\.text) == ["A", "B"])
    }

    @Test("load's inline deck may be a deck object with its epoch, checked as a deck file's is")
    func loadWithEpoch() throws {
        let deck = try #require(try Self.parse(#"{"cmd":"load","deck":{"epoch":"2026-12-01T09:00:00Z","deck":["A","B"]}}"#).get().loaded,
                                "inline deck object")
        #expect(deck.cues.map(\.text) == ["A", "B"] && deck.epoch == 1_796_115_600)
        let plain = try #require(try Self.parse(#"{"cmd":"load","deck":["A"]}"#).get().loaded, "inline deck")
        #expect(plain.epoch == nil)
        #expect(Self.error(#"{"cmd":"load","deck":{"epoch":"soon","deck":["A"]}}"#)?.hasPrefix("'deck': \"epoch\" must be") == true)
        #expect(Self.error(#"{"cmd":"load","deck":{"epoch":0,"deck":"A"}}"#) == #"'deck': "deck" must be a JSON array of entries"#)
    }

    @Test("snapshot takes led-pixels, 1 to 64 (default 8), and not the file send writes")
    func snapshot() {
        #expect(Self.parse(#"{"cmd":"snapshot"}"#) == .success(ControlRequest("snapshot", .snapshot(pitch: 8))))
        #expect(Self.parse(#"{"cmd":"snapshot","led-pixels":3}"#) == .success(ControlRequest("snapshot", .snapshot(pitch: 3))))
        #expect(Self.parse(#"{"cmd":"snapshot","led-pixels":64}"#) == .success(ControlRequest("snapshot", .snapshot(pitch: 64))))
        for bad in ["0", "65", "2.5", "-1", "1e300"] {
            #expect(Self.error("{\"cmd\":\"snapshot\",\"led-pixels\":\(bad)}") == "'led-pixels' must be a whole number from 1 to 64", "\(bad)")
        }
        #expect(Self.error(#"{"cmd":"snapshot","led-pixels":"8"}"#) == "'led-pixels' must be a number")
        #expect(Self.error(#"{"cmd":"snapshot","png":"/etc/x.png"}"#) == "unknown field 'png' for 'snapshot'")
    }

    @Test("unknown commands and fields are named")
    func unknown() {
        #expect(Self.error(#"{"cmd":"next","x":1}"#) == "unknown field 'x' for 'next'")
        #expect(Self.error(#"{"cmd":"jump"}"#) == "unknown command 'jump'")
        #expect(Self.error(#"{"cmd":"say","text":"a","colour":"red"}"#) == "unknown field 'colour' for 'say'")
        let long = String(repeating: "k", count: 500)
        let message = Self.error("{\"cmd\":\"next\",\"\(long)\":1}") ?? ""
        #expect(message.count < 80, "a sent name is quoted short: \(message)")
    }

    @Test("wrong types and values are refused, each with its own reason")
    func wrongValues() {
        let cases: [(String, String)] = [
            (#"{"cmd":1}"#, "'cmd' must be a string"),
            (#"{"text":"a"}"#, "request has no 'cmd'"),
            (#"["cmd","next"]"#, "a request must be a JSON object"),
            (#""next""#, "a request must be a JSON object"),
            (#"{"cmd":"say"}"#, "'say' needs 'text'"),
            (#"{"cmd":"say","text":5}"#, "'text' must be a string"),
            (#"{"cmd":"say","text":"   "}"#, "'text' is empty"),
            (#"{"cmd":"say","text":"\u001b[2J\u0007"}"#, "'text' is empty"),
            (#"{"cmd":"say","text":"a","color":"plaid"}"#, "unknown colour 'plaid'"),
            (#"{"cmd":"say","text":"a","color":5}"#, "'color' must be a string"),
            (#"{"cmd":"say","text":"a","style":"neon"}"#, "unknown style 'neon' (use dots, blocks, half, braille)"),
            (#"{"cmd":"say","text":"a","style":["dots"]}"#, "'style' must be a string"),
            (#"{"cmd":"say","text":"a","speed":"fast"}"#, "'speed' must be a number"),
            (#"{"cmd":"say","text":"a","speed":40}"#, "'speed': speed 40 is out of range: speed is in characters a second now, "
                + "-20 to 20 (default 5); 40 LED columns a second, the old unit, was about 2.2 at 80x24"),
            (#"{"cmd":"say","text":"a","speed":-1e308}"#,
             "'speed': speed -1e+308 is out of range: speed is in characters a second now, -20 to 20 (default 5)"),
            (#"{"cmd":"say","text":"a","speed":null}"#, "'speed' must be a number"),
            (#"{"cmd":"say","text":"a","static":"yes"}"#, "'static' must be true or false"),
            (#"{"cmd":"say","text":"a","static":1}"#, "'static' must be true or false"),
            (#"{"cmd":"add","text":"a","speed":"x"}"#, "'speed' must be a number"),
            (#"{"cmd":"say","text":"a","for":0}"#, "'for' must be more than 0 and at most 86400"),
            (#"{"cmd":"say","text":"a","for":86401}"#, "'for' must be more than 0 and at most 86400"),
            (#"{"cmd":"say","text":"a","for":"5"}"#, "'for' must be a number"),
            (#"{"cmd":"say","text":"a","seconds":null}"#, "'seconds' must be a number"),
            (#"{"cmd":"goto","index":0}"#, "'index' must be a whole number from 1"),
            (#"{"cmd":"goto","index":1.5}"#, "'index' must be a whole number from 1"),
            (#"{"cmd":"goto","index":1e300}"#, "'index' must be a whole number from 1"),
            (#"{"cmd":"goto"}"#, "'goto' needs 'index'"),
            (#"{"cmd":"load"}"#, "'load' needs one of 'path' and 'deck'"),
            (#"{"cmd":"load","path":"a","deck":[]}"#, "'load' needs one of 'path' and 'deck'"),
            (#"{"cmd":"load","deck":{}}"#, "'deck' must be an array of entries"),
            (#"{"cmd":"load","deck":[]}"#, "'deck': the deck has no entries"),
            (#"{"cmd":"add","text":"a","entries":["b"]}"#, "'add' takes 'entries' or 'text', not both"),
        ]
        for (request, message) in cases {
            #expect(Self.error(request) == message, "\(request)")
        }
    }

    @Test("hostile bytes: a 1 MB line, NUL, invalid UTF-8, deep nesting, a huge text")
    func hostile() {
        let huge = [UInt8](repeating: UInt8(ascii: "["), count: 1 << 20)
        #expect(ControlRequestParser.parse(huge).failureMessage == "request larger than 64 KiB")
        #expect(ControlRequestParser.parse(Array(#"{"cmd":"next"}"#.utf8) + [0]).failureMessage == "request is not valid JSON")
        #expect(ControlRequestParser.parse([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]).failureMessage == "request is not valid JSON")
        #expect(ControlRequestParser.parse(Array("{\"cmd\":\"say\",\"text\":\"a\u{0}b\"}".utf8)).failureMessage == "request is not valid JSON")
        let deep = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
        #expect(Self.error(deep) != nil, "deep nesting is an error, not a crash")
        let deepObject = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(Self.error(deepObject) != nil)
        let text = String(repeating: "x", count: 65_000)
        #expect(Self.error("{\"cmd\":\"say\",\"text\":\"\(text)\"}") == nil, "a text under the bound is taken")
        let escaped = String(repeating: "\\u00e9", count: 10_000)  // 20 000 bytes of text in 60 000 of request
        #expect(Self.error("{\"cmd\":\"say\",\"text\":\"\(escaped)\"}") == nil)
        #expect(Self.error("") == "request is not valid JSON")
        #expect(Self.error("{\"cmd\":\"next\"} {}") == "request is not valid JSON")
    }

    @Test("a reply's strings are escaped so that printing one is safe")
    func replyEscaping() {
        let line = ControlReply.error("bad \u{1B}[2J\u{202E}x\n").line
        #expect(line == "{\"ok\":false,\"error\":\"bad \\u001b[2J\\u202ex\\n\"}\n")
        #expect(ControlReply.ok.line == "{\"ok\":true}\n" && ControlReply.watch.line == "{\"ok\":true}\n")
        #expect(JSONObjectWriter.quote("\u{1F600}\u{E0001}") == "\"\u{1F600}\\udb40\\udc01\"")
    }
}

extension Result where Failure == ControlRequestParser.Failure {
    var failureMessage: String? {
        guard case .failure(let failure) = self else { return nil }
        return failure.message
    }
}
