import Testing
@testable import MarqueeCore

/// `--keys`: a kiosk's keyboard (docs/command-line.md, "--keys").
@Suite("Key lock")
struct KeyLockTests {
    func state(_ keys: KeyLock) -> PlayerState {
        var settings = PlayerSettings()
        settings.keys = keys
        return PlayerState(cues: (0..<3).map { Cue(text: "M\($0)") }, settings: settings, seed: 3, at: 0)
    }

    @Test("safe keeps pause, next, previous and help; nothing that quits, suspends or changes the sign")
    func safeSet() {
        let kept = KeyAction.allCases.filter { KeyLock.safe.allows($0) }
        #expect(Set(kept) == [.pauseResume, .next, .previous, .help])
        #expect(KeyAction.allCases.allSatisfy { KeyLock.all.allows($0) && !KeyLock.none.allows($0) })
        #expect(KeyLock.all.terminalSignalKeys && !KeyLock.safe.terminalSignalKeys && !KeyLock.none.terminalSignalKeys)
    }

    @Test("under safe, q, Esc, Ctrl-C, +, r, t, b and m are logged and do nothing else; n and space work", arguments: [
        Key.character("q"), .escape, .interrupt, .character("+"), .character("-"), .character("r"), .character("t"),
        .character("b"), .character("m"),
    ])
    func safeLocks(key: Key) {
        var player = state(.safe)
        let before = player
        let effects = player.reduce(.key(key), at: 1)
        #expect(effects == [.log(.key(name: key.name))], "\(effects)")
        #expect(!player.controlsVisible || before.controlsVisible, "a locked key brought the controls line up")
        #expect(player.clock == before.clock && player.settings.thermalOverride == nil && player.settings.lowPowerOverride == nil)
        #expect(!player.settings.reduceMotion)
    }

    @Test("under safe the flow still pages and pauses, and ? lists only the keys that work")
    func safeWorks() {
        var player = state(.safe)
        _ = player.reduce(.key(.character("n")), at: 1)
        #expect(player.cueIndex == 1)
        _ = player.reduce(.key(.character(" ")), at: 2)
        #expect(player.paused)
        _ = player.reduce(.key(.character("?")), at: 3)
        let help = player.scene(at: 3, columns: 80, rows: 24, lineHeight: 7).help ?? []
        #expect(help == KeyBindings.helpLines(allowedBy: .safe) && help.count == 4, "\(help)")
        #expect(!help.contains { $0.contains("quit") })
    }

    @Test("under none no key does anything, and the controls line does not offer ? help")
    func noneLocksAll() {
        var player = state(.none)
        for key in [Key.character("n"), .character(" "), .character("?"), .character("q")] {
            #expect(player.reduce(.key(key), at: 1) == [.log(.key(name: key.name))])
        }
        #expect(player.cueIndex == 0 && !player.paused && !player.helpOpen)
        #expect(!player.controlsLine.contains("help"), "\(player.controlsLine)")
        #expect(state(.all).controlsLine.hasSuffix("? help"))
    }
}
