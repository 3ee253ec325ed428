import Testing
@testable import MarqueeCore

/// The one key table: every key does what its line says, and the overlay
/// made from it fits.
@Suite("Key table")
struct KeyBindingsTests {
    static func state() -> PlayerState {
        var settings = PlayerSettings()
        // Half bright, so both brightness keys have room to act.
        settings.brightness = Brightness(percent: 50)!
        var state = PlayerState(cues: [Cue(text: "A"), Cue(text: "B"), Cue(text: "C")], settings: settings, seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        return state
    }

    /// What an action visibly did to `before`, to tell the actions apart.
    static func did(_ action: KeyAction, from before: PlayerState, to after: PlayerState, effects: [PlayerEffect]) -> Bool {
        switch action {
        case .pauseResume: after.paused != before.paused
        case .next: after.cueIndex == (before.cueIndex + 1) % 3
        case .previous: after.cueIndex == (before.cueIndex + 2) % 3
        case .faster: after.clock.speed > before.clock.speed
        case .slower: after.clock.speed < before.clock.speed
        case .brighter: after.shownBrightness > before.shownBrightness
        case .dimmer: after.shownBrightness < before.shownBrightness
        case .reverse: after.clock.direction == -before.clock.direction
        case .help: after.helpOpen != before.helpOpen
        case .simulateThermal: after.settings.thermalOverride != before.settings.thermalOverride && effects.contains(.probePower)
        case .simulateLowPower: after.settings.lowPowerOverride != before.settings.lowPowerOverride && effects.contains(.probePower)
        case .reduceMotion: after.settings.reduceMotion != before.settings.reduceMotion
        case .quit: effects.contains(.quit)
        case .suspend: false
        }
    }

    static let pressable = KeyBindings.all.flatMap { binding in binding.keys.map { (binding.action, $0) } }

    @Test("every key of the table does its action, and only that", arguments: pressable)
    func dispatch(action: KeyAction, key: Key) {
        let before = Self.state()
        var after = before
        let effects = after.reduce(.key(key), at: 1)
        #expect(Self.did(action, from: before, to: after, effects: effects))
        for other in KeyAction.allCases where other != action {
            #expect(!Self.did(other, from: before, to: after, effects: effects), "\(key) also did \(other)")
        }
        #expect(effects.first == .log(.key(name: key.name)))
    }

    @Test("upper-case letters work as their lower case (caps lock)", arguments: pressable.filter { _, key in
        if case .character(let character) = key { character.isLetter } else { false }
    })
    func upperCase(action: KeyAction, key: Key) {
        guard case .character(let character) = key else { return }
        let upper = Key.character(Character(character.uppercased()))
        #expect(KeyBindings.action(for: upper) == action)
        let before = Self.state()
        var after = before
        let effects = after.reduce(.key(upper), at: 1)
        #expect(Self.did(action, from: before, to: after, effects: effects))
        #expect(effects.first == .log(.key(name: String(character.uppercased()))), "the log keeps the key as typed")
    }

    @Test("keys outside the table do nothing but show the controls line")
    func unbound() {
        for key in [Key.character("x"), .character("Z"), .enter, .unknown] {
            var state = Self.state()
            _ = state.reduce(.idleTimeout, at: 0.5)
            let effects = state.reduce(.key(key), at: 1)
            #expect(KeyBindings.action(for: key) == nil)
            #expect(effects == [.log(.key(name: key.name))], "\(key)")
            #expect(state.controlsVisible)
        }
    }

    @Test("Esc closes the overlay with a notice; a second Esc quits")
    func escape() {
        var state = Self.state()
        _ = state.reduce(.key(.character("?")), at: 1)
        #expect(state.helpOpen)
        let first = state.reduce(.key(.escape), at: 2)
        #expect(!first.contains(.quit) && !state.helpOpen)
        #expect(state.notice == "help closed (Esc again or q quits)")
        #expect(state.controlsLine == " help closed (Esc again or q quits)")
        #expect(state.reduce(.key(.escape), at: 3).contains(.quit))
    }

    @Test("the overlay has a line per binding, in one column, and fits an 80x24 terminal")
    func helpLines() {
        let lines = KeyBindings.helpLines
        #expect(lines.count == KeyBindings.all.count)
        for (line, binding) in zip(lines, KeyBindings.all) {
            #expect(line.hasPrefix(binding.labels.joined(separator: " ")) && line.hasSuffix(binding.summary), "\(line)")
        }
        let summaryColumn = Set(zip(lines, KeyBindings.all).map { line, binding in line.count - binding.summary.count })
        #expect(summaryColumn.count == 1, "the summaries start in one column")
        let geometry = ScreenGeometry(columns: 80, rows: 24, style: .dots, lineHeight: 7, captionLines: 0, helpLines: lines.count)
        #expect((geometry.helpRows?.count ?? 0) >= lines.count, "every line has a row")
        // The composer writes the overlay from column 2.
        #expect(lines.allSatisfy { 2 + TerminalText.cellWidth(of: $0) <= 80 }, "\(lines)")
    }

    @Test("names in the events log: a name for every key that is not a visible character")
    func names() {
        let names: [(Key, String)] = [(.character(" "), "space"), (.left, "left"), (.right, "right"), (.up, "up"), (.down, "down"),
                                      (.escape, "escape"), (.enter, "enter"), (.interrupt, "ctrl-c"), (.unknown, "unknown"),
                                      (.character("n"), "n"), (.character("Q"), "Q"), (.character("é"), "é"),
                                      (.character("\u{85}"), "U+0085"), (.character("\u{202E}"), "U+202E"),
                                      (.character("\u{A0}"), "U+00A0"), (.character("\u{E000}"), "U+E000")]
        for (key, name) in names { #expect(key.name == name) }
    }
}
