import MarqueeCore
import PlayerRuntime

/// A sign with no terminal, played on a virtual clock: the real
/// `PlaybackEngine` on a `ManualClock`, wired as `PlayerController` wires
/// it — the measure of a terminal of this size, live fields and schedules
/// read on a virtual wall clock, the wall clock's offset for `--sync` — so
/// running it to a moment leaves the state the sign would have then
/// (docs/architecture.md, "`--snapshot`"). Its waits are the clock's
/// timers, run in deadline order; it draws nothing until asked, so the
/// frame ticker's deadlines are never kept, and a day costs its timers
/// (advances, passes, drift steps), not its five million frames.
@MainActor
final class VirtualSign {
    let engine: PlaybackEngine<ManualClock>
    private let columns: Int
    private let rows: Int
    /// The wall clock at engine time 0: the sign's wall time is this plus
    /// the engine's.
    private let wallStart: Double
    private var layouts: MessageLayouts
    private var fields = FieldReader()
    /// The reading of the shown message's fields last handed to the engine.
    private var filled: FilledFields?
    private let schedule: VirtualSchedule

    init(cues: [Cue], settings: PlayerSettings, fonts: FontStack, columns: Int, rows: Int, wallStart: Double) {
        let clock = ManualClock()
        // The seed of every snapshot: a shuffled deck snapshots the same order each time.
        engine = PlaybackEngine(state: PlayerState(cues: cues, settings: settings, seed: 1, at: 0), clock: clock)
        schedule = VirtualSchedule(engine: engine, wallStart: wallStart)
        self.columns = columns
        self.rows = rows
        self.wallStart = wallStart
        layouts = MessageLayouts(fonts: fonts)
        fields.wallNow = { [unowned self] in self.wallNow() }
        layouts.zones.readWallClock { [unowned self] in self.wallNow() }
        engine.scheduleWait = { clock.schedule(at: $0, $1) }
        // A tick changes nothing but time (and ends a fade, which nothing
        // of the frame reads): the frame is composed for the moment asked.
        engine.scheduleTick = { _, _ in {} }
        engine.measure = { [unowned self] state in self.layouts.measure(state, columns: self.columns, rows: self.rows) }
        engine.fill = { [unowned self] state in self.fill(state) }
        engine.localTime = { [unowned self] in self.schedule.localTime() }
        engine.start(with: [.wallClock(offset: wallStart)])
    }

    /// Plays on to engine time `seconds`: every timer due by then fires at
    /// its deadline, in order. The shown message's fields are then read
    /// again, as the sign reads them each second or minute.
    func run(until seconds: Double) {
        engine.clock.advance(to: engine.origin.advanced(by: .seconds(seconds)))
        refreshFields()
    }

    /// The frame the sign shows at engine time `seconds`.
    func frame(at seconds: Double) -> FrameModel {
        layouts.frame(engine.state, at: seconds, columns: columns, rows: rows).frame()
    }

    /// The LEDs the sign shows at engine time `seconds` (docs/export.md).
    func leds(at seconds: Double) -> LEDPanel {
        layouts.leds(engine.state, at: seconds, columns: columns, rows: rows)
    }

    /// LEDs the shown message scrolls before it stands where it started
    /// (the panel and the text: `WrappingScroll`'s period), nil when it is
    /// not scrolling.
    func scrollPeriod() -> Int? {
        let state = engine.state
        guard state.scrollsNow else { return nil }
        let scene = layouts.frame(state, at: engine.now(), columns: columns, rows: rows).scene
        guard case .scrolling = scene.placement else { return nil }
        let width = layouts.line(for: state.shownCue.text).width
        return scene.geometry.panelColumns + width * scene.geometry.scale
    }

    private func wallNow() -> Double { wallStart + engine.now() }

    /// The engine's fill hook: a reading when a message with fields
    /// appears (a snapshot has no power probe: `{battery}` and `{temp}`
    /// show their placeholder).
    private func fill(_ state: PlayerState) -> FilledFields? {
        guard state.currentCue.fields != nil else {
            filled = nil
            return nil
        }
        guard filled?.messageID != state.messageID else { return nil }
        return read(state)
    }

    private func refreshFields() {
        let state = engine.state
        guard state.currentCue.fields != nil else { return }
        let before = filled
        let reading = read(state)
        if reading != before { engine.send(.fieldsFilled(reading)) }
    }

    private func read(_ state: PlayerState) -> FilledFields {
        let reading = fields.fill(state.currentCue, messageID: state.messageID, power: state.power, now: engine.now(),
                                  fileInterval: state.tier.reloadCheckInterval).filled
        filled = reading
        return reading
    }
}
