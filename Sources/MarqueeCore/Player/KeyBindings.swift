/// What a key asks the player to do.
public enum KeyAction: String, Sendable, CaseIterable {
    case pauseResume, next, previous, faster, slower, brighter, dimmer, reverse, help
    case simulateThermal, simulateLowPower, reduceMotion
    case quit
    /// Ctrl-Z: the terminal's suspend, which arrives as SIGTSTP, not as a key.
    case suspend
}

/// One line of the key table: the keys (as a person names them) and what
/// they do.
public struct KeyBinding: Sendable, Equatable {
    /// How each key is written for people, in the order shown: `space`,
    /// `n`, `→`, `Ctrl-C`.
    public let labels: [String]
    public let action: KeyAction
    /// What it does, in a few words (the `?` overlay, `--help`, the man page).
    public let summary: String
    /// The decoded keys that trigger it. Empty for keys the terminal turns
    /// into signals (Ctrl-\, Ctrl-Z), which never reach the key decoder.
    public let keys: [Key]
}

/// Every key of the sign, declared once: the reducer dispatches through it,
/// and the `?` overlay, `--help`, the man page and the README are generated
/// from it or checked against it, so they cannot disagree.
///
/// ```swift
/// KeyBindings.action(for: .character("N"))   // .next (letters ignore case)
/// ```
public enum KeyBindings {
    public static let all: [KeyBinding] = [
        KeyBinding(labels: ["space"], action: .pauseResume, summary: "pause / resume", keys: [.character(" ")]),
        KeyBinding(labels: ["n", "→", "l"], action: .next, summary: "next message", keys: [.character("n"), .right, .character("l")]),
        KeyBinding(labels: ["p", "←", "h"], action: .previous, summary: "previous message",
                   keys: [.character("p"), .left, .character("h")]),
        KeyBinding(labels: ["+", "↑"], action: .faster, summary: "faster", keys: [.character("+"), .character("="), .up]),
        KeyBinding(labels: ["-", "↓"], action: .slower, summary: "slower (stops at the slowest speed)",
                   keys: [.character("-"), .character("_"), .down]),
        KeyBinding(labels: ["]"], action: .brighter, summary: "brighter (10 % a step, up to 100 %)", keys: [.character("]")]),
        KeyBinding(labels: ["["], action: .dimmer, summary: "dimmer (10 % a step, down to 10 %)", keys: [.character("[")]),
        KeyBinding(labels: ["r"], action: .reverse, summary: "reverse direction", keys: [.character("r")]),
        KeyBinding(labels: ["?"], action: .help, summary: "this help (Esc closes it)", keys: [.character("?")]),
        KeyBinding(labels: ["t"], action: .simulateThermal, summary: "simulate thermal state", keys: [.character("t")]),
        KeyBinding(labels: ["b"], action: .simulateLowPower, summary: "simulate low power", keys: [.character("b")]),
        KeyBinding(labels: ["m"], action: .reduceMotion, summary: "reduce motion on / off", keys: [.character("m")]),
        KeyBinding(labels: ["q", "Esc", "Ctrl-C", "Ctrl-\\"], action: .quit, summary: "quit",
                   keys: [.character("q"), .escape, .interrupt]),
        KeyBinding(labels: ["Ctrl-Z"], action: .suspend, summary: "suspend (fg resumes)", keys: []),
    ]

    /// The action of a decoded key; letters match in either case, so caps
    /// lock does not silence the sign.
    public static func action(for key: Key) -> KeyAction? {
        let key = key.lowercased
        return all.first { $0.keys.contains(key) }?.action
    }

    /// The overlay's lines: the keys, padded to one column, then what they do.
    public static var helpLines: [String] { helpLines(allowedBy: .all) }

    /// The overlay's lines for the keys `lock` leaves working.
    public static func helpLines(allowedBy lock: KeyLock) -> [String] {
        let shown = all.filter { lock.allows($0.action) }
        let labels = shown.map { $0.labels.joined(separator: " ") }
        let width = labels.map(\.count).max() ?? 0
        return zip(labels, shown).map { label, binding in
            label + String(repeating: " ", count: width - label.count + 2) + binding.summary
        }
    }
}

extension Key {
    /// The same key with a letter in lower case.
    var lowercased: Key {
        guard case .character(let character) = self, character.isASCII, character.isUppercase else { return self }
        return .character(Character(character.lowercased()))
    }
}
