import EventLoop
import MarqueeCore
import PlayerRuntime

/// Keeps the shown message's live fields current (docs/live-fields.md):
/// fills them in when a message with fields appears and when a power
/// reading changes what `{battery}` or `{temp}` show, and, while such a
/// message is on the sign, wakes at the next wall-clock second or minute
/// (or file check) its fields need — and not between. A field that cannot
/// be read is reported once, until it reads again.
@MainActor
final class LiveFields {
    private var reader: FieldReader
    /// The refresh timer, keyed by the message it refreshes.
    private let timer = ConditionTaskRunner<Int>(executor: EventLoop.main)
    private let clock: LoopClock
    /// The last reading handed to the state, and the power it was read with.
    private var filled: FilledFields?
    private var power: PowerConditions?
    private var reported: Set<LiveField> = []
    /// The state now, a new reading to hand it, and an error to report.
    private let state: () -> PlayerState
    private let now: () -> Double
    private let send: (FilledFields) -> Void
    private let report: (String) -> Void

    /// A wake lands this long after the boundary, so the clock it reads
    /// has certainly passed it.
    static let boundarySlack = 0.002

    init(reader: FieldReader = FieldReader(), clock: LoopClock, state: @escaping () -> PlayerState,
         now: @escaping () -> Double, send: @escaping (FilledFields) -> Void, report: @escaping (String) -> Void) {
        self.reader = reader
        self.clock = clock
        self.state = state
        self.now = now
        self.send = send
        self.report = report
    }

    /// The engine's ``PlaybackEngine/fill`` hook: a reading when the shown
    /// message is new or the power behind its fields changed, else nil.
    func fill(_ state: PlayerState) -> FilledFields? {
        guard let fields = state.currentCue.fields else {
            if filled != nil { forget() }
            return nil
        }
        let all = fields.all
        let readsPower = all.contains { $0.refresh == .powerReading }
        guard filled?.messageID != state.messageID || (readsPower && power != state.power) else { return nil }
        reader.keepFiles(of: all)
        let reading = read(state)
        startTimer(for: state.messageID)
        return reading
    }

    func stop() {
        timer.cancel()
    }

    private func forget() {
        timer.cancel()
        filled = nil
        power = nil
        reader.keepFiles(of: [])
    }

    private func read(_ state: PlayerState) -> FilledFields {
        let (reading, failures) = reader.fill(state.currentCue, messageID: state.messageID, power: state.power,
                                              now: now(), fileInterval: state.tier.reloadCheckInterval)
        filled = reading
        power = state.power
        // Once per failure, across messages and refreshes, until it reads.
        for field in state.currentCue.fields?.all ?? [] where failures[field] == nil { reported.remove(field) }
        for (field, reason) in failures where reported.insert(field).inserted { report(reason) }
        return reading
    }

    /// Fills the message in again at each refresh its fields need, for as
    /// long as it is the one on the sign.
    private func startTimer(for messageID: Int) {
        timer.update(id: messageID) { [weak self, clock] id in
            while !Task.isCancelled {
                guard let self, let delay = self.delay(for: id) else { return }
                do { try await Task.sleep(for: .seconds(delay), clock: clock) } catch { return }
                let state = self.state()
                guard state.messageID == id, state.currentCue.fields != nil else { return }
                let before = self.filled
                let reading = self.read(state)
                if reading != before { self.send(reading) }
            }
        }
    }

    /// Seconds until the shown message's fields may next read differently;
    /// nil when only a power reading can change them (no timer at all).
    private func delay(for messageID: Int) -> Double? {
        let state = state()
        guard state.messageID == messageID, let fields = state.currentCue.fields else { return nil }
        let wall = reader.wallNow()
        var delays: [Double] = []
        for refresh in Set(fields.all.map(\.refresh)) {
            switch refresh {
            case .everySecond: delays.append(1 - wall.truncatingRemainder(dividingBy: 1))
            case .everyMinute: delays.append(60 - wall.truncatingRemainder(dividingBy: 60))
            case .fileCheck: delays.append(state.tier.reloadCheckInterval)
            case .powerReading: break
            }
        }
        return delays.min().map { max(0, $0) + LiveFields.boundarySlack }
    }
}
