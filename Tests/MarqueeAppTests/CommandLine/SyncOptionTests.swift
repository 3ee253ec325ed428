import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--sync` (docs/cue-flow.md, "Playing in step"): what it sets, and why it
/// refuses `--shuffle`.
@Suite("Sync option")
struct SyncOptionTests {
    func settings(_ arguments: [String]) throws -> PlayerSettings {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments) else {
            Issue.record("not a run")
            return PlayerSettings()
        }
        return Program.playerSettings(options, cueCount: 3)
    }

    @Test("--sync reaches the settings; the demo deck, shuffled alone, plays in order in step")
    func reachesTheSettings() throws {
        #expect(try settings(["--sync", "-f", "deck.json"]).sync)
        #expect(try !settings(["-f", "deck.json"]).sync)
        #expect(try settings([]).shuffle, "the demo deck shuffles alone")
        let demo = try settings(["--sync"])
        #expect(demo.sync && !demo.shuffle)
    }

    @Test("--sync with --shuffle is a usage error, in either order", arguments: [
        ["--sync", "--shuffle", "x"], ["--shuffle", "-f", "deck.json", "--sync"],
    ])
    func refusesShuffle(arguments: [String]) {
        #expect(throws: UsageError("--sync plays the deck's own order on every sign; it cannot be used with --shuffle")) {
            try CommandLineParser.parse(arguments)
        }
    }
}
