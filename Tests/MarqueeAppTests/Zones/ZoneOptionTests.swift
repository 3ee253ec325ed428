import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--zones` on the command line and in the config file (docs/zones.md,
/// "Syntax"): each adds a zone; anything unreadable is one line naming the
/// option and the zone, hostile text shown escaped.
@Suite("Zones option")
struct ZoneOptionTests {
    static func options(_ arguments: [String], config: String? = nil) throws -> Options {
        let command = try config.map { try CommandLineParser.parse(arguments, configBytes: Array($0.utf8), configName: "config") }
            ?? CommandLineParser.parse(arguments)
        guard case .run(let options, _) = command else {
            Issue.record("not a run")
            return Options()
        }
        return options
    }

    @Test("each --zones adds one, in order, and reaches the player's settings")
    func adds() throws {
        let options = try Self.options(["--zones", "left:OPEN", "--zones=right:{time:%H:%M}", "--zones", "bottom@3:a|b", "x"])
        let settings = Program.playerSettings(options, cueCount: 1)
        #expect(settings.zones.map(\.edge) == [.left, .right, .bottom])
        #expect(settings.zones[2].texts == ["a", "b"] && settings.zones[2].seconds == 3)
        #expect(Program.playerSettings(try Self.options(["x"]), cueCount: 1).zones.isEmpty)
    }

    @Test("the config file takes zones as the command line does")
    func config() throws {
        let options = try Self.options(["x"], config: "zones = left:OPEN\n")
        #expect(options.zones == [SignZone(edge: .left, texts: ["OPEN"])])
        #expect {
            try Self.options(["x"], config: "zones = nowhere:x\n")
        } throws: { ($0 as? UsageError)?.message.hasPrefix("config:1: 'zones': zone 'nowhere:x'") == true }
    }

    @Test("hostile values: one line, the option named, nothing a terminal would act on", arguments: [
        "", ":", "left", "left:", "|:x", "left=:x", "left=-1:x", "left@:x", "left@1e999:x", "left:a\\", "top:\u{1B}]0;pwned\u{07}|",
        "le\u{202E}ft:x", "left:" + String(repeating: "x", count: 100_000), "left:" + String(repeating: "|", count: 10_000),
        "\u{0}:x", "left=3@2=1:x",
    ])
    func refused(value: String) {
        #expect {
            try Self.options(["--zones", value, "x"])
        } throws: { error in
            guard let message = (error as? UsageError)?.message else { return false }
            let controls = message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
            return message.hasPrefix("'--zones': ") && !controls && message.count < 400
        }
    }

    @Test("the same edge twice is refused")
    func twice() {
        #expect(throws: UsageError("'--zones': two zones at the left edge (one zone an edge, at most 4)")) {
            try Self.options(["--zones", "left:a", "--zones", "left:b", "x"])
        }
    }
}
