import EventLoop
@testable import MarqueeCore
@testable import PlayerRuntime
import Testing
import TestSupport
@testable import MarqueeApp

/// The order the player runs its input sources in (docs/architecture.md,
/// "Input sources"): prepared and started in list order, the prepared
/// inputs in the start batch, stopped the last first; and `Program`'s
/// list in the order those guarantees rest on.
@Suite("Input sources")
@MainActor
struct InputSourcesTests {
    @Test("prepared in list order, their inputs start the engine, then started in list order")
    func startOrder() {
        let journal = Journal()
        let sources = InputSources([
            FakeSource("fields", journal),
            FakeSource("power", journal, initial: [.notice("power")]),
            FakeSource("clock", journal, initial: [.notice("clock")]),
            FakeSource("fleet", journal),
        ])
        sources.start(.stub()) { initial in
            journal.lines.append("engine " + initial.map(Self.name).joined(separator: ", "))
        }
        #expect(journal.lines == ["prepare fields", "prepare power", "prepare clock", "prepare fleet",
                                  "engine power, clock",
                                  "start fields", "start power", "start clock", "start fleet"])
    }

    @Test("stopped in reverse order: the fleet, listed last, stops first while all else still runs")
    func stopOrder() {
        let journal = Journal()
        let sources = InputSources(["fields", "power", "keys", "fleet"].map { FakeSource($0, journal) })
        sources.stop()
        #expect(journal.lines == ["stop fleet", "stop keys", "stop power", "stop fields"])
    }

    @Test("every source hears that effects were performed, in list order")
    func effectsPerformed() {
        let journal = Journal()
        InputSources(["control", "fleet"].map { FakeSource($0, journal) }).effectsPerformed()
        #expect(journal.lines == ["effects control", "effects fleet"])
    }

    @Test("a source's initial inputs are reduced with the start, in one batch: the first frame knows them")
    func initialInputsJoinTheStartBatch() {
        let reading = PowerConditions(thermal: .serious, lowPower: true, thermalText: "hot", powerText: "battery",
                                      source: "test")
        let engine = PlaybackEngine(state: PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0),
                                    clock: ManualClock())
        var frames = 0
        engine.onFrame = { frames += 1 }
        var seenAtStart: (frames: Int, power: PowerConditions)?
        let journal = Journal()
        let power = FakeSource("power", journal, initial: [.power(reading)]) { _ in
            seenAtStart = (frames, engine.state.power)
        }
        InputSources([power]).start(.stub(send: { engine.send($0) })) { engine.start(with: $0) }
        #expect(seenAtStart?.frames == 1, "one frame for the start batch, drawn before any source starts")
        #expect(seenAtStart?.power == reading, "the reading was reduced in that batch")
        engine.stop()
    }

    /// The guarantees only, not the whole list: a new source may go
    /// anywhere before the fleet without changing this test.
    @Test("Program lists the hooks' sources before power, power before the wall clock, and the fleet last")
    func programOrder() throws {
        let journal = Journal()
        let reloader = CueReloader(path: "/nonexistent/cues.txt", read: { _ throws(Platform.Failure) in [] },
                                   parse: { _ throws(Platform.Failure) in ([], nil) })
        let list = Program.inputSources(keys: 0, power: .sysfs(root: "/nonexistent", interval: 2), news: nil,
                                        control: FakeSource("control", journal), reloader: reloader, feed: nil,
                                        fleet: FakeSource("fleet", journal))
        let names = list.map { ($0 as? FakeSource)?.name ?? String(describing: type(of: $0)) }
        let listed = ["LiveFieldsSource", "ScheduleSource", "PowerWatch", "WallClockWatch", "KeyboardSource", "SignalWatch",
                      "control", "CueReloadCheck", "fleet"]
        #expect(Set(names).isSuperset(of: listed), "\(names)")
        let place = { (name: String) in names.firstIndex(of: name) ?? -1 }
        #expect(place("LiveFieldsSource") < place("PowerWatch") && place("ScheduleSource") < place("PowerWatch"),
                "the engine's hooks are in before the start batch's first input")
        #expect(place("PowerWatch") < place("WallClockWatch"), "the first power reading leads the start batch")
        #expect(names.last == "fleet", "the fleet starts last, so it stops first")
        let headless = Program.inputSources(keys: nil, power: .sysfs(root: "/nonexistent", interval: 2), news: nil,
                                            control: nil, reloader: nil, feed: nil, fleet: nil)
        #expect(!headless.contains { $0 is KeyboardSource }, "a headless sign reads no keys")
    }

    @Test("Program's start batch: the hooks installed, then the first power reading, then the wall clock's offset")
    func programStartBatch() throws {
        let sysfs = try ScratchSysfs()
        try sysfs.addBattery(capacity: 80, status: "Charging", acOnline: true)
        let list = Program.inputSources(keys: nil, power: .sysfs(root: sysfs.root.path, interval: 2), news: nil,
                                        control: nil, reloader: nil, feed: nil, fleet: nil)
        let journal = Journal()
        var port = PlayerPort.stub()
        port.setFill = { _ in journal.lines.append("fill hook") }
        port.setLocalTime = { _ in journal.lines.append("local time hook") }
        let initial = list.flatMap { $0.prepare(port) }
        journal.lines += initial.map(Self.name)
        #expect(journal.lines == ["fill hook", "local time hook", "power AC", "wall clock"])
        list.reversed().forEach { $0.stop() }
    }

    /// A short name for an input, for the journal.
    static func name(_ input: PlayerInput) -> String {
        switch input {
        case .notice(let text): text
        case .power(let power): "power \(power.source)"
        case .wallClock: "wall clock"
        default: "\(input)"
        }
    }
}

/// What the fake sources did, in order.
@MainActor
final class Journal {
    var lines: [String] = []
}

/// A source that writes each call into a journal, and gives `initial` to
/// the start batch.
@MainActor
final class FakeSource: InputSource {
    let name: String
    private let journal: Journal
    private let initial: [PlayerInput]
    private let onStart: (PlayerPort) -> Void

    init(_ name: String, _ journal: Journal, initial: [PlayerInput] = [], onStart: @escaping (PlayerPort) -> Void = { _ in }) {
        self.name = name
        self.journal = journal
        self.initial = initial
        self.onStart = onStart
    }

    func prepare(_ player: PlayerPort) -> [PlayerInput] {
        journal.lines.append("prepare \(name)")
        return initial
    }

    func start(_ player: PlayerPort) {
        journal.lines.append("start \(name)")
        onStart(player)
    }

    func effectsPerformed() {
        journal.lines.append("effects \(name)")
    }

    func stop() {
        journal.lines.append("stop \(name)")
    }
}

extension PlayerPort {
    /// A port to nothing but `send`, over a one-message state.
    static func stub(send: @escaping @MainActor @Sendable (PlayerInput) -> Void = { _ in }) -> PlayerPort {
        let state = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0)
        return PlayerPort(clock: LoopClock(), now: { 0 }, state: { state }, send: send, command: { _ in nil },
                          answer: { _ in .ok }, snapshot: { _, _ in }, report: { _ in }, record: { _ in }, signal: { _ in },
                          setFill: { _ in }, setLocalTime: { _ in })
    }
}
