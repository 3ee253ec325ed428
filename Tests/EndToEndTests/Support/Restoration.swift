import Testing

extension Session {
    /// Checks, once the program has ended, that the pane is the shell's again:
    /// cooked mode with echo, the normal screen with the shell's text on it,
    /// the cursor shown and no LEDs left. Returns the pane with its history
    /// (what the program printed after the sign may have scrolled it away).
    @discardableResult
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Screen {
        let stty = try #require(sttyAfter, sourceLocation: sourceLocation)
        #expect(stty.isSane, "stty after exit: \(stty.words.filter { $0.contains("icanon") || $0.contains("echo") })",
                sourceLocation: sourceLocation)
        let alternate = try await format("#{alternate_on}")
        let cursor = try await format("#{cursor_flag}")
        #expect(alternate == "0", "alternate screen left", sourceLocation: sourceLocation)
        #expect(cursor == "1", "cursor visible again", sourceLocation: sourceLocation)
        let screen = try await capture(history: true)
        #expect(screen.contains("e2e-before-marker"), "the shell's screen is back", sourceLocation: sourceLocation)
        #expect(!screen.contains("●"), "no LEDs left on the normal screen", sourceLocation: sourceLocation)
        return screen
    }
}
