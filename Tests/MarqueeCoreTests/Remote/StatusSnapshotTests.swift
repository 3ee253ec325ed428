import Testing
@testable import MarqueeCore

@Suite("Status snapshot")
struct StatusSnapshotTests {
    @Test("the snapshot says what the status line says, as values")
    func values() {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)
        let snapshot = state.statusSnapshot(at: 2)
        #expect(snapshot == StatusSnapshot(cueNumber: 2, cueCount: 3, text: "M1", interrupt: false, interruptRemaining: nil,
                                           paused: false, completed: false, framesDrawnPerSecond: state.framesDrawnPerSecond,
                                           thermal: "unknown", lowPower: nil, tier: "full", speed: 5, color: "red",
                                           style: "dots", scene: "active", display: "unknown"))
    }

    @Test("an interrupt shows with its text and the seconds it has left; the position stays the flow's")
    func interrupt() {
        var state = Remote.flow()
        _ = state.reduce(remote: Remote.say(String(repeating: "x", count: 300), for: 10), at: 2)
        let snapshot = state.statusSnapshot(at: 5.5)
        #expect(snapshot.interrupt && snapshot.interruptRemaining == 6.5)
        #expect(snapshot.cueNumber == 1)
        #expect(snapshot.text == String(repeating: "x", count: EventRecord.excerptCharacters) + "…")
        #expect(state.statusSnapshot(at: 20).interruptRemaining == 0)
    }

    @Test("simulated values win, reversed speed is negative, static is 0, pause and the tier show")
    func simulatedAndSpeed() {
        var state = Remote.flow { $0.thermalOverride = .fair; $0.lowPowerOverride = false }
        _ = state.reduce(.key(.character("r")), at: 1)
        _ = state.reduce(remote: .pause, at: 2)
        let snapshot = state.statusSnapshot(at: 3)
        #expect(snapshot.thermal == "fair" && snapshot.lowPower == false && snapshot.tier == "reduced")
        #expect(snapshot.speed == -5 && snapshot.paused && snapshot.framesDrawnPerSecond == 0)
        #expect(Remote.flow { $0.staticText = true }.statusSnapshot(at: 0).speed == 0)
    }
}
