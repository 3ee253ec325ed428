import Foundation
import Testing

extension EndToEnd.Screens {
    /// `--brightness` on the real sign (docs/display.md, "Brightness"),
    /// read back from the pane's escape sequences at 256 colours.
    @Suite("Brightness")
    struct BrightnessOnScreen {
        /// The RGB of an entry 16…255 of the standard xterm palette.
        static func rgb(_ index: Int) -> (Double, Double, Double) {
            if index >= 232 {
                let level = Double(8 + (index - 232) * 10)
                return (level, level, level)
            }
            let steps: [Double] = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (steps[cube / 36], steps[cube / 6 % 6], steps[cube % 6])
        }

        /// Relative luminance of a palette entry, 0 (black) to 1 (white).
        static func luminance(_ index: Int) -> Double {
            func linear(_ channel: Double) -> Double {
                let c = channel / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            let (r, g, b) = rgb(index)
            return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        }

        /// The sign's `●` LEDs once drawn: each spot's colour, in the LED rows.
        static func leds(_ session: Session) async throws -> [Spot: Int] {
            var previous: [Spot: Int]?
            return try await waitFor("LEDs drawn", timeout: 10, context: session.diagnostics) { () async throws -> [Spot: Int]? in
                let cells = try await session.capture().cells(of: "●", panelRows: session.panelRows)
                var colours: [Spot: Int] = [:]
                for case let (spot, colour?) in cells { colours[spot] = colour }
                // Lit and unlit both there, and the whole frame: the same in
                // two captures (one taken while the first frame was still
                // being written, on a loaded machine, had only part of it).
                guard Set(colours.values).count >= 2, colours.count >= 100 else { return nil }
                defer { previous = colours }
                return colours == previous ? colours : nil
            }
        }

        @Test("at --brightness 40 lit LEDs are darker than at 100, and unlit LEDs still differ from lit ones and from black")
        func fortyIsDarker() async throws {
            var frames: [Int: [Spot: Int]] = [:]
            for percent in [100, 40] {
                let session = try await Session.start("bright\(percent)",
                                                      Launch(arguments: ["--brightness", "\(percent)", "--static", "HI"]))
                defer { session.close() }
                frames[percent] = try await Self.leds(session)
                let status = try await Control.send(["status"], runtime: session.runtimeDirectory)
                let reply = try #require(Control.jsonObject(status.stdout.trimmingCharacters(in: .newlines)), "\(status.stdout)")
                #expect((reply["brightness"] as? NSNumber)?.intValue == percent, "\(reply)")
                try await session.send("q")
                #expect(try await session.waitForExit() == 0)
            }
            let full = try #require(frames[100]), forty = try #require(frames[40])
            // At 100 the default red: lit 196, unlit 52 (docs/display.md).
            #expect(Set(full.values) == [196, 52], "\(Set(full.values))")
            let litSpots = Set(full.filter { $0.value == 196 }.keys)
            #expect(Set(forty.keys) == Set(full.keys), "the same LEDs at either brightness")
            let lit = Set(forty.filter { litSpots.contains($0.key) }.values)
            let unlit = Set(forty.filter { !litSpots.contains($0.key) }.values)
            try #require(lit.count == 1 && unlit.count == 1, "one colour each: lit \(lit), unlit \(unlit)")
            let (litColour, unlitColour) = (lit.first!, unlit.first!)
            #expect(litColour >= 16 && unlitColour >= 16, "palette entries: \(litColour), \(unlitColour)")
            #expect(Self.luminance(litColour) < Self.luminance(196), "lit \(litColour) darker than 196")
            #expect(unlitColour != litColour && Self.luminance(unlitColour) < Self.luminance(litColour),
                    "unlit \(unlitColour) apart from lit \(litColour)")
            #expect(unlitColour != 16 && Self.luminance(unlitColour) > 0, "unlit not black: \(unlitColour)")
        }
    }
}
