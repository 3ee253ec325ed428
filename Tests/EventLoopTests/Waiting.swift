import Foundation
import Synchronization

/// Values handlers record on the loop's thread, read by the test.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }

    /// Waits (up to `timeout` seconds) until at least `count` values are in.
    @discardableResult
    func wait(for count: Int, timeout: Double = 5) async -> [Value] {
        let start = ContinuousClock.now
        while all.count < count, start.duration(to: .now) < .seconds(timeout) {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return all
    }
}
