import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// `--sync` in the engine, on manual clocks (docs/cue-flow.md, "Playing in
/// step"): two signs started 1.3 s apart, each with its own monotonic time
/// line, change messages at the same wall moments because both reckon the
/// slots from the deck's epoch.
@Suite("Playing in step in the engine")
@MainActor
struct SyncEngineTests {
    static let epoch = 1_800_000_000.0

    /// One sign: its engine on its own clock, and the wall time of each
    /// `cue` record it logged.
    @MainActor
    final class Sign {
        let clock = ManualClock()
        let engine: PlaybackEngine<ManualClock>
        let offset: Double
        private(set) var cues: [(wall: Double, index: Int, automatic: Bool)] = []

        /// `startWall`: the wall clock when the sign starts (its engine time 0).
        init(startWall: Double, sync: Bool = true, scrolls: Bool = true) {
            offset = startWall
            var settings = PlayerSettings()
            settings.sync = sync
            settings.epoch = SyncEngineTests.epoch
            let cues = [Cue(text: "A", seconds: 2), Cue(text: "B", seconds: 3), Cue(text: "C", seconds: 4)]
            engine = PlaybackEngine(state: PlayerState(cues: cues, settings: settings, seed: 1, at: 0), clock: clock)
            engine.onEffects = { [unowned self] effects in
                for case .log(.cue(let index, _, _, let automatic)) in effects {
                    self.cues.append((self.engine.now() + self.offset, index, automatic))
                }
            }
            // A scrolling message: under sync its pass must not hold the advance.
            let measure = MessageMeasure(textLEDs: scrolls ? 1_000 : 50, panelLEDs: 80)
            engine.measure = { _ in measure }
            engine.start(with: [.wallClock(offset: startWall)])
        }
    }

    static func settle() async {
        for _ in 0..<40 { await Task.yield() }
    }

    /// Steps wall time in 10 ms from `from` to `to`, both signs' clocks
    /// together; `second` starts when the wall clock reaches its start.
    static func run(_ first: Sign, secondStart: Double, from: Double, to: Double, sync: Bool = true) async -> Sign {
        var second: Sign?
        var step = 0
        await settle()
        // Counted in steps: adding 0.01 to 1.8e9 over and over would drift.
        while from + Double(step) * 0.01 < to {
            step += 1
            let wall = from + Double(step) * 0.01
            first.clock.advance(by: .milliseconds(10))
            if let second {
                second.clock.advance(by: .milliseconds(10))
            } else if wall >= secondStart - 1e-6 {
                second = Sign(startWall: wall, sync: sync, scrolls: sync)
            }
            await settle()
        }
        return second!
    }

    @Test("two signs with different start times and the same epoch change messages at the same wall moments")
    func inStep() async {
        let start = Self.epoch + 0.7
        let first = Sign(startWall: start)
        let second = await Self.run(first, secondStart: start + 1.3, from: start, to: Self.epoch + 30)
        // The second opened on the slot then current (B, from E + 2), not on A.
        #expect(second.cues.first?.index == 1 && second.cues.first?.automatic == false)
        let firstChanges = first.cues.filter(\.automatic)
        let secondChanges = second.cues.filter(\.automatic)
        // Slots of 2, 3 and 4 s from E: B at E + 2, C at E + 5, A at E + 9, …
        let boundaries = [2.0, 5, 9, 11, 14, 18, 20, 23, 27, 29]
        #expect(firstChanges.count == boundaries.count, "\(firstChanges.map { $0.wall - Self.epoch })")
        for (change, boundary) in zip(firstChanges, boundaries) {
            #expect(change.wall - Self.epoch >= boundary - 1e-6 && change.wall - Self.epoch < boundary + 0.011,
                    "\(change.wall - Self.epoch) for \(boundary)")
        }
        // The second sign, from E + 2 on, makes the same changes at the same moments.
        let overlap = Array(firstChanges.dropFirst())
        #expect(secondChanges.count == overlap.count)
        for (a, b) in zip(overlap, secondChanges) {
            #expect(a.index == b.index)
            #expect(abs(a.wall - b.wall) < 0.011, "\(a.wall - Self.epoch) vs \(b.wall - Self.epoch)")
        }
        first.engine.stop()
        second.engine.stop()
        await Self.settle()
        #expect(first.engine.liveTaskCount == 0 && second.engine.liveTaskCount == 0)
    }

    @Test("for contrast, without --sync the same two signs change 1.3 s apart")
    func alone() async {
        let start = Self.epoch + 0.7
        let first = Sign(startWall: start, sync: false, scrolls: false)
        let second = await Self.run(first, secondStart: start + 1.3, from: start, to: Self.epoch + 12, sync: false)
        let a = first.cues.filter(\.automatic).map(\.wall)
        let b = second.cues.filter(\.automatic).map(\.wall)
        #expect(!a.isEmpty && !b.isEmpty)
        #expect(zip(a, b).allSatisfy { abs(($1 - $0) - 1.3) < 0.011 }, "\(a) \(b)")
        first.engine.stop()
        second.engine.stop()
    }

    @Test("a wall-clock step sent to the engine moves its next change to the new boundary")
    func clockStep() async {
        let sign = Sign(startWall: Self.epoch + 0.5)   // A until E + 2: engine time 1.5
        await Self.settle()
        #expect(sign.engine.state.advanceDeadline.map { abs($0 - 1.5) < 1e-6 } == true)
        // The wall clock is set half a second back: now is E, A's slot ends at engine time 2.
        sign.engine.send(.wallClock(offset: Self.epoch))
        #expect(sign.engine.state.advanceDeadline.map { abs($0 - 2) < 1e-6 } == true)
        for _ in 0..<200 {
            sign.clock.advance(by: .milliseconds(10))
            await Self.settle()
        }
        // Its records' wall times are reckoned on the first offset: engine time is the wall less it.
        let change = sign.cues.first(where: \.automatic).map { $0.wall - sign.offset }
        #expect(change.map { $0 >= 2 - 1e-6 && $0 < 2.011 } == true, "\(String(describing: change))")
        sign.engine.stop()
    }
}
