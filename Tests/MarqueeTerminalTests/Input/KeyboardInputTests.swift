import EventLoop
import Foundation
import MarqueeCore
import Synchronization
import Testing
@testable import MarqueeTerminal

@Suite("Keyboard input from the event loop")
struct KeyboardInputTests {
    /// A loop on a thread of its own, a pipe standing in for the terminal,
    /// and what the reader delivered; `finish` leaves nothing open.
    final class Rig: Sendable {
        let loop = EventLoop()
        let readFD: Int32
        let writeFD: Int32
        private let writeOpen = Atomic<Bool>(true)
        private let done = DispatchSemaphore(value: 0)
        let keys = Mutex<[Key]>([])
        let ended = Atomic<Int>(0)
        let allOnLoop = Atomic<Bool>(true)
        let input = Mutex<KeyboardInput?>(nil)

        init() {
            var fds: [Int32] = [-1, -1]
            precondition(pipe(&fds) == 0)
            readFD = fds[0]
            writeFD = fds[1]
            let thread = Thread { [loop, done] in
                _ = loop.run()
                done.signal()
            }
            thread.start()
            let reader = KeyboardInput(fd: readFD, loop: loop, onKey: { [self] key in
                if !loop.inEventLoop { allOnLoop.store(false, ordering: .relaxed) }
                keys.withLock { $0.append(key) }
            }, onEnd: { [self] in
                if !loop.inEventLoop { allOnLoop.store(false, ordering: .relaxed) }
                ended.add(1, ordering: .relaxed)
            })
            input.withLock { $0 = reader }
        }

        func send(_ bytes: [UInt8]) {
            #expect(bytes.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) } == bytes.count)
        }

        func closeWriter() {
            if writeOpen.exchange(false, ordering: .relaxed) { close(writeFD) }
        }

        func waitFor(_ what: (Rig) -> Bool, timeout: Double = 5) async {
            let start = ContinuousClock.now
            while !what(self), start.duration(to: .now) < .seconds(timeout) {
                try? await Task.sleep(for: .milliseconds(2))
            }
        }

        var received: [Key] { keys.withLock { $0 } }
        var endCount: Int { ended.load(ordering: .relaxed) }
        var stayedOnLoop: Bool { allOnLoop.load(ordering: .relaxed) }

        func finish() {
            input.withLock { $0?.stop() }
            closeWriter()
            close(readFD)
            loop.stop(status: 0)
            _ = done.wait(timeout: .now() + 10)
        }
    }

    @Test("bytes read from the descriptor become keys, delivered on the loop's thread")
    func bytesToKeys() async {
        let rig = Rig()
        defer { rig.finish() }
        rig.send(Array("q".utf8) + [0x1B, 0x5B, 0x43] + [0xC3, 0xA9])
        await rig.waitFor { $0.received.count >= 3 }
        #expect(rig.received == [.character("q"), .right, .character("é")])
        #expect(rig.stayedOnLoop)
    }

    @Test("an escape sequence split across reads is one key, not Esc")
    func splitSequence() async throws {
        let rig = Rig()
        defer { rig.finish() }
        rig.send([0x1B])
        rig.send([0x5B, 0x41])
        await rig.waitFor { !$0.received.isEmpty }
        try await Task.sleep(for: .milliseconds(80))
        #expect(rig.received == [.up])
    }

    @Test("a lone Esc is delivered once nothing follows it for the escape delay")
    func loneEscape() async throws {
        let rig = Rig()
        defer { rig.finish() }
        let sent = ContinuousClock.now
        rig.send([0x1B])
        await rig.waitFor { !$0.received.isEmpty }
        let waited = sent.duration(to: .now)
        #expect(rig.received == [.escape])
        #expect(waited >= KeyboardInput.escapeDelay, "held back \(waited)")
    }

    @Test("end of input calls onEnd once and stops reading")
    func endOfInput() async throws {
        let rig = Rig()
        defer { rig.finish() }
        rig.send(Array("n".utf8))
        rig.closeWriter()
        await rig.waitFor { $0.endCount > 0 }
        try await Task.sleep(for: .milliseconds(50))
        #expect(rig.received == [.character("n")])
        #expect(rig.endCount == 1)
        #expect(rig.stayedOnLoop)
    }
}
