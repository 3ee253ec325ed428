import CEventLoop
import Dispatch
import Glibc

/// The fallback for a libdispatch without the main-queue SPI (see the notes
/// on `EventLoop` and `dispatch_main_queue_spi.h`): `dispatchMain()` owns the
/// main thread and serves the main queue; the poll gets a thread of its own
/// and hands each turn to the main queue, so loop work stays serial where
/// main-actor work runs. What it costs is measured in the README.
extension EventLoop {

    /// `dispatchMain()` on the main thread; the poll on a thread of its own.
    func runFallback() -> Never {
        DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
        onMainQueue.store(true, ordering: .releasing)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context -> UnsafeMutableRawPointer? in
            guard let context else { return nil }
            Unmanaged<EventLoop>.fromOpaque(context).takeRetainedValue().pollForMainQueue()
        }, context)
        precondition(created == 0, "pthread_create: \(created)")
        dispatchMain()
    }

    /// The fallback's poll thread: polls, then hands the turn to the main
    /// queue and waits until it is done, so loop work stays serial and a
    /// level-triggered descriptor is read before it is polled again.
    private func pollForMainQueue() -> Never {
        // Signals are for the signalfd (SignalSource): this thread takes none.
        _ = lm_signals_block_asynchronous()
        var poll = PollSet()
        let turnDone = DispatchSemaphore(value: 0)
        var ready: [Ready] = []
        while true {
            let found = ready
            DispatchQueue.main.async { [self] in
                inTurn.store(true, ordering: .releasing)
                let status = turn(found, drainMainQueue: false)
                inTurn.store(false, ordering: .releasing)
                // dispatchMain never returns: the status ends the process
                // here, once the work in hand is done.
                if let status { exit(status) }
                turnDone.signal()
            }
            turnDone.wait()
            wait(&poll, into: &ready, marksTurn: false)
        }
    }
}
