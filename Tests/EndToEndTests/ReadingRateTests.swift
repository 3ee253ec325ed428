import Foundation
import Testing

extension EndToEnd.Screens {
    /// A message reads at the same rate at every size, with a word in view,
    /// and a long one at rest is paged as LEDs in its colour (issue 26,
    /// items 2 and 3): the real sign in tmux, measured from `capture-pane -e`.
    @Suite("Reading rate")
    struct ReadingRate {
        static let pangram = "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS"
        static let coffee = "Back in 5 minutes, grab a coffee"

        /// LED columns a second the lit LEDs move, from chained captures
        /// (a quarter second apart, over about three seconds), and the LED
        /// scale read from the capitals' height (7 font rows).
        static func measure(_ session: Session) async throws -> (ledsPerSecond: Double, scale: Int) {
            var leds = 0.0, seconds = 0.0
            let clock = Stopwatch()
            var previous = try await session.capture().litLEDs(panelRows: session.panelRows)
            var previousAt = clock.elapsed
            var scale = 0
            while seconds < 3, clock.elapsed < 12 {
                try await pause(0.25)
                let before = clock.elapsed
                let now = try await session.capture().litLEDs(panelRows: session.panelRows)
                let at = (before + clock.elapsed) / 2
                let shift = Shift.best(from: previous, to: now, width: session.columns)
                if shift.score >= 0.9, shift.left > 0 {
                    leds += Double(shift.left) / 2   // dots: an LED is two cells
                    seconds += at - previousAt
                }
                let rows = now.map(\.row)
                if let top = rows.min(), let bottom = rows.max() { scale = max(scale, (bottom - top + 1) / 7) }
                (previous, previousAt) = (now, at)
            }
            try #require(seconds >= 2, "too few clean pairs of captures: \(seconds) s")
            return (leds / seconds, scale)
        }

        @Test("letters go by at 4 to 6 a second at 80x24, 200x50 and 240x67, the same within 15 %, with six in view")
        func sameRateAtTwoSizes() async throws {
            // Capitals and spaces: the ink width over the characters is the
            // text's own letter pitch at scale 1.
            let width = try await Readability.inkWidth(Self.pangram)
            let pitch = Double(width + 1) / Double(Self.pangram.count)
            var rates: [Double] = []
            for (columns, rows) in [(80, 24), (200, 50), (240, 67)] {
                let session = try await Session.start(
                    "rate\(columns)", Launch(arguments: ["--idle-timeout", "0", Self.pangram], columns: columns, rows: rows))
                defer { session.close() }
                // Let the text fill the sign first (it enters at the right edge).
                try await pause(2)
                let (ledsPerSecond, scale) = try await Self.measure(session)
                try #require(scale >= 1)
                let letters = ledsPerSecond / (pitch * Double(scale))
                #expect(letters >= 4 && letters <= 6, "\(columns)x\(rows): \(letters) letters a second at scale \(scale)")
                // The unit: 5 characters of half the letter height (5.5 font pixels) a second.
                let characters = ledsPerSecond / (5.5 * Double(scale))
                #expect(abs(characters - 5) <= 0.75, "\(columns)x\(rows): \(characters) characters a second")
                // Six letters in view at least, and no more than twice that.
                let inView = Double(columns / 2) / (pitch * Double(scale))
                #expect(inView >= 6 && inView <= 12, "\(columns)x\(rows): \(inView) letters in view at scale \(scale)")
                rates.append(letters)
            }
            #expect(rates.allSatisfy { abs($0 - rates[0]) <= 0.15 * rates[0] }, "letters a second: \(rates)")
        }

        /// The cells of the panel drawn as `●` in the brightest colour there
        /// (lit; unlit LEDs are the same glyph, dimmer), and that colour.
        static func lit(_ screen: Screen, panelRows: Int) -> (spots: Set<Spot>, colours: Set<Int?>) {
            let dots = screen.cells(of: "●", panelRows: panelRows)
            var counts: [Int?: Int] = [:]
            for (_, colour) in dots { counts[colour, default: 0] += 1 }
            // Unlit LEDs are most of the grid: the lit colour is the rarer one.
            guard let litColour = counts.min(by: { $0.value < $1.value })?.key, counts.count >= 2 else { return ([], []) }
            return (Set(dots.filter { $0.1 == litColour }.map(\.0)), [litColour])
        }

        @Test("at rest a long message is paged in LEDs of its colour, 1/3 then 2/3, never plain text",
              arguments: [["--static"], ["--thermal", "serious"], ["--reduce-motion"]])
        func pagedAtRest(_ stop: [String]) async throws {
            let session = try await Session.start(
                "pages\(stop[0].dropFirst(2))",
                Launch(arguments: stop + ["-s", "6", "-c", "green", Self.coffee], columns: 80, rows: 24))
            defer { session.close() }
            let first = try await session.waitForText("1/3", timeout: 10)
            #expect(!first.contains("Back in 5"), "plain text instead of LEDs:\n\(first.text)")
            let firstLit = Self.lit(first, panelRows: session.panelRows)
            #expect(firstLit.spots.count >= 30, "lit LEDs:\n\(first.text)")
            // Green, not the terminal's default nor the sign's red.
            #expect(!firstLit.colours.contains(nil) && !firstLit.colours.contains(Screen.litRed), "\(firstLit.colours)")
            // Each page is a third of 6 s.
            let second = try await session.waitForText("2/3", timeout: 4)
            let secondLit = Self.lit(second, panelRows: session.panelRows)
            #expect(secondLit.spots.count >= 30 && secondLit.spots != firstLit.spots)
            #expect(secondLit.colours == firstLit.colours)
            _ = try await session.waitForText("3/3", timeout: 4)
        }

        @Test("where no LED size fits, plain text in the message's colour")
        func plainTextColoured() async throws {
            let session = try await Session.start(
                "plaincolour", Launch(arguments: ["--static", "-c", "green", "OPEN NOW"], columns: 20, rows: 3))
            defer { session.close() }
            let screen = try await session.waitForText("OPEN", timeout: 10)
            let letters = screen.rows.joined().filter { "OPENW".contains($0.character) }
            #expect(letters.count >= 6)
            #expect(letters.allSatisfy { $0.foreground != nil && $0.foreground != Screen.litRed }, "\(letters.map(\.foreground))")
        }
    }
}
