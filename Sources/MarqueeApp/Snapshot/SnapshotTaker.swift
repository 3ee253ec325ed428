import EventLoop
import MarqueeCore

/// Takes a running sign's snapshots (``SignPicture``) for the control
/// socket and the fleet: reads the LEDs on the loop, then draws and
/// encodes them on a thread of its own (`DetachedThread`, as the fleet's
/// deck cache is written) and comes back to the loop with the PNG. A PNG
/// of a 300x80 sign takes milliseconds, more than a frame tick may wait
/// (docs/control.md, "Snapshots"), so it never runs on the loop — unless
/// no thread can be started, when it is done there rather than refused.
///
/// One picture is made at a time: a request for the size being made
/// waits for it (the same moment, to within that picture's few
/// milliseconds); one for another size is refused as busy. So however
/// many clients ask, a sign holds at most one picture's memory.
@MainActor
final class SnapshotTaker {
    typealias Outcome = Result<SignPicture.PNG, ControlRequestParser.Failure>
    typealias Done = @MainActor @Sendable (Outcome) -> Void

    private let loop: EventLoop
    /// The sign's LEDs now, at a pitch.
    private let picture: (Int) -> SignPicture
    /// The picture being made: its pitch, and who waits for it.
    private var making: (pitch: Int, waiting: [Done])?

    init(loop: EventLoop = .main, picture: @escaping (Int) -> SignPicture) {
        self.loop = loop
        self.picture = picture
    }

    /// Calls `done` on the loop with the PNG of what the sign shows now,
    /// or why there is none; never before this returns.
    func take(pitch: Int, done: @escaping Done) {
        if let making {
            guard making.pitch == pitch else {
                return later(done, .failure(.init("a snapshot at another --led-pixels is being taken; try again")))
            }
            self.making?.waiting.append(done)
            return
        }
        making = (pitch, [done])
        let picture = picture(pitch)
        let loop = loop
        let encode: @Sendable () -> Void = { [weak self] in
            let outcome = Outcome { () throws(ControlRequestParser.Failure) in try picture.encode() }
            _ = loop.schedule(at: .now) { MainActor.assumeIsolated { self?.finish(outcome) } }
        }
        if !DetachedThread.start(encode) { encode() }
    }

    private func finish(_ outcome: Outcome) {
        let waiting = making?.waiting ?? []
        making = nil
        waiting.forEach { $0(outcome) }
    }

    /// `outcome` in the loop's next turn, as a made picture comes.
    private func later(_ done: @escaping Done, _ outcome: Outcome) {
        _ = loop.schedule(at: .now) { MainActor.assumeIsolated { done(outcome) } }
    }
}
