import Foundation
import Testing

extension EndToEnd.Timing {
    /// Display modes on the real sign in tmux (docs/display.md, "Display
    /// modes"): a stay mode that loops, and a transition that comes before
    /// the message's seconds.
    @Suite("Display modes")
    struct DisplayModes {
        @Test("flash: the message's LEDs go dark and come back, again and again")
        func flashBlinks() async throws {
            let session = try await Session.start(
                "flash", Launch(arguments: ["--mode", "flash", "--enter", "cut", "--idle-timeout", "0", "--scale", "2", "SALE"]))
            defer { session.close() }
            let lit = try await session.waitForLitLEDs(minimum: 5).litLEDs(panelRows: session.panelRows)
            // Lit, dark, lit again: two changes of the lit set within 3 s.
            var seen: [Bool] = [true]
            let clock = Stopwatch()
            while clock.elapsed < 3, seen.count < 3 {
                let now = try await session.capture().litLEDs(panelRows: session.panelRows)
                #expect(now.isEmpty || now == lit, "a flash shows the whole message or none of it")
                if now.isEmpty != !seen.last! { seen.append(!now.isEmpty) }
                try await pause(0.05)
            }
            #expect(seen == [true, false, true], "lit, dark, lit: \(seen)")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("vertical: a long message's lines stand, then roll up one at a time, the next coming from below")
        func verticalRollsUp() async throws {
            let session = try await Session.start(
                "vertical", Launch(arguments: ["--mode", "vertical", "--enter", "cut", "--idle-timeout", "0",
                                               "OPEN ALL DAY TODAY AND TOMORROW TOO"]))
            defer { session.close() }
            let first = try await session.waitForLitLEDs(minimum: 5).litLEDs(panelRows: session.panelRows)
            let top = try #require(first.map(\.row).min())
            var frames: [Set<Spot>] = [first]
            let clock = Stopwatch()
            while clock.elapsed < 4 {
                let spots = try await session.capture().litLEDs(panelRows: session.panelRows)
                if !spots.isEmpty, spots != frames.last { frames.append(spots) }
                try await pause(0.02)
            }
            // Rolling: the first line's LEDs moved up a few rows, clipped
            // at the band's top, with the next line's coming in below.
            let rolled = frames.contains { frame in
                (1..<8).contains { rows in
                    let moved = Set(first.filter { $0.row - rows >= top }.map { Spot(row: $0.row - rows, column: $0.column) })
                    return !moved.isEmpty && moved.isSubset(of: frame) && frame.count > moved.count
                }
            }
            #expect(rolled, "no frame shows the first line moved up: \(frames.count) frames")
            // And a new line stands in the band later: lit where the first was not.
            #expect(frames.dropFirst().contains { !$0.isSubset(of: first) && $0.map(\.row).min() == top })
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("typewriter: the letters come one by one, and the message's seconds run from the last")
        func typewriterComesFirst() async throws {
            let session = try await Session.start(
                "typewriter", Launch(arguments: ["--mode", "hold", "--enter", "typewriter", "--idle-timeout", "0", "-s", "2"]
                                        + CueFlow.heldFlow, prepare: CueFlow.writeCues))
            defer { session.close() }
            let first = try await session.waitForEvent("the first cue") { $0.name == "cue" }
            let advance = try await session.waitForEvent("the automatic advance", timeout: 10) { $0.isAutomaticCue }
            // The second message types in over 1.5 s: frames of part of it
            // come first, each ending further right, then the whole.
            var frames: [Set<Spot>] = []
            let clock = Stopwatch()
            while clock.elapsed < 3 {
                let spots = try await session.capture().litLEDs(panelRows: session.panelRows)
                if !spots.isEmpty, spots != frames.last { frames.append(spots) }
                try await pause(0.03)
            }
            let final = try #require(frames.last, "no LEDs lit after the advance")
            let right = { (spots: Set<Spot>) in spots.map(\.column).max() ?? 0 }
            let partial = frames.dropLast().filter { $0.count < final.count && right($0) < right(final) }
            #expect(!partial.isEmpty, "a frame of the enter shows part of the message: \(frames.map(\.count)) LEDs")
            // The first message typed in for 1.5 s, then stood for its 2 s.
            CueFlow.expectFullWait(from: first, to: advance, seconds: 3.5, late: 0.4)
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
