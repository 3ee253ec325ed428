import Foundation
import Testing

extension EndToEnd.Screens {
    @Suite("Terminal glyphs")
    struct TerminalGlyphs {
        static let message = "LIT AND UNLIT"
        /// The sign's default red with 8 colours: ANSI red.
        static let ansiRed = 1

        static func writeCues(_ directory: URL) throws {
            try writeFile("FIRST ON THE CONSOLE\nSECOND ON THE CONSOLE\n", to: directory.appendingPathComponent("cues.txt"))
        }

        /// Cells whose foreground and background are one colour: invisible.
        static func colourOnItself(_ screen: Screen) -> [Spot] {
            screen.rows.enumerated().flatMap { r, row in
                row.enumerated().compactMap { c, cell in
                    cell.foreground != nil && cell.foreground == cell.background ? Spot(row: r, column: c) : nil
                }
            }
        }

        /// Characters on screen that Debian's console fonts lack: half and
        /// partial blocks (every block element but █ ░ ▒), braille, ‖.
        static func notInConsoleFonts(_ screen: Screen) -> Set<Character> {
            Set(screen.rows.joined().map(\.character).filter { character in
                character.unicodeScalars.contains { scalar in
                    let value = scalar.value
                    return ((0x2580...0x259F).contains(value) && ![0x2588, 0x2591, 0x2592].contains(value))
                        || (0x2800...0x28FF).contains(value) || value == 0x2016
                }
            })
        }

        func ledCells(_ screen: Screen, _ session: Session) -> [Cell] {
            Array(screen.rows.prefix(session.panelRows).joined())
        }

        @Test("TERM=xterm (8 colours), dots: lit ● and unlit · differ by glyph, never a colour on itself")
        func eightColourDots() async throws {
            let session = try await Session.start("xterm-dots", Launch(arguments: ["--static", Self.message], term: "xterm"))
            defer { session.close() }
            let (lit, unlit, screen) = try await session.waitForDotGrid()
            #expect(Set(lit.map { $0.1 ?? -1 }) == [Self.ansiRed], "lit LEDs in red")
            #expect(Set(unlit.map { $0.1 ?? -1 }) == [Self.ansiRed], "unlit LEDs in the same red, told apart by glyph")
            #expect(Self.colourOnItself(screen).isEmpty, "a colour on itself at \(Self.colourOnItself(screen).prefix(5))")
        }

        @Test("TERM=xterm (8 colours), half: lit LEDs are red half blocks on the background, never red on red")
        func eightColourHalf() async throws {
            let session = try await Session.start(
                "xterm-half", Launch(arguments: ["--static", "--style", "half", Self.message], term: "xterm"))
            defer { session.close() }
            let screen = try await waitFor("lit half blocks", timeout: 10, context: session.diagnostics) {
                () async throws -> Screen? in
                let screen = try await session.capture()
                return ledCells(screen, session).filter { "▀▄█".contains($0.character) }.count >= 20 ? screen : nil
            }
            let cells = ledCells(screen, session)
            let glyphs = Set(cells.map(\.character))
            #expect(glyphs.isSubset(of: [" ", "▀", "▄", "█"]), "half-block composition only: \(glyphs)")
            #expect(glyphs.contains(" "), "unlit LEDs show the background")
            let inked = cells.filter { $0.character != " " }
            #expect(inked.allSatisfy { $0.foreground == Self.ansiRed && $0.background == nil },
                    "lit halves in red over the default background: \(Set(inked.map { "\($0.foreground ?? -1)/\($0.background ?? -1)" }))")
            #expect(Self.colourOnItself(screen).isEmpty, "a colour on itself at \(Self.colourOnItself(screen).prefix(5))")
        }

        @Test("TERM=linux: half and braille fall back to console glyphs; controls and countdown are console-safe too",
              arguments: [("half", "█", "░"), ("braille", "●", "·")])
        func linuxConsole(style: String, lit: Character, unlit: Character) async throws {
            let session = try await Session.start(
                "linux-\(style)",
                Launch(arguments: ["--idle-timeout", "30", "-s", "3", "--speed", "1.1", "--style", style, "-f", "cues.txt"],
                       term: "linux", prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForCells(of: lit)
            try await session.send("x")  // shows the countdown and the controls line
            let playing = try await waitFor("the controls line and the bar", timeout: 5, context: session.diagnostics) {
                () async throws -> Screen? in
                let screen = try await session.capture()
                return screen.line(29).contains("playing") && screen.line(28).contains("█") ? screen : nil
            }
            let glyphs = Set(ledCells(playing, session).map(\.character))
            #expect(glyphs.isSubset(of: [lit, unlit, " "]), "drawn as \(lit) and \(unlit): \(glyphs)")
            #expect(glyphs.contains(lit) && glyphs.contains(unlit))
            #expect(Self.notInConsoleFonts(playing).isEmpty, "not in the console fonts: \(Self.notInConsoleFonts(playing))")

            try await session.send("Space")
            let paused = try await session.waitForText("|| paused", timeout: 5)
            #expect(Self.notInConsoleFonts(paused).isEmpty, "not in the console fonts: \(Self.notInConsoleFonts(paused))")
        }
    }
}
