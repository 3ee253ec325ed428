import EventLoop
import Glibc
import PowerProbe

/// Reads kernel uevents in the event loop and says when one is news of a
/// power supply (docs/power-probe.md, "Power news"): a charger plugged or
/// pulled, a battery's status or charge changed. The caller then takes a
/// power reading at once, instead of at the next probe interval.
///
/// Each wake-up drains what is queued, up to ``datagramsPerTurn`` (a flood
/// waits a loop turn, so it cannot starve the keys), and reports once
/// however many of them were power news: a burst of uevents is one
/// reading. A receive queue that overflowed (`ENOBUFS`: the kernel dropped
/// messages) counts as news, since a dropped one may have been. A socket
/// that fails otherwise is let go; the probe interval still reads.
///
/// Used on the loop's thread only, after `start`.
final class UeventWatch: @unchecked Sendable {
    /// Datagrams read per wake-up at most.
    static let datagramsPerTurn = 64

    private let socket: UeventSocket
    private let loop: EventLoop
    private var watch: FDWatch?
    private var onNews: (@Sendable () -> Void)?
    /// One byte more than a message may have, so a bigger one shows.
    private var buffer = [UInt8](repeating: 0, count: UeventMessage.maximumBytes + 1)
    /// Datagrams read and messages that were power news (tests read them).
    private(set) var received = 0
    private(set) var newsCount = 0

    init(socket: UeventSocket, loop: EventLoop = .main) {
        self.socket = socket
        self.loop = loop
    }

    /// Starts watching; `onNews` runs on the loop's thread.
    func start(_ onNews: @escaping @Sendable () -> Void) {
        self.onNews = onNews
        guard watch == nil else { return }
        watch = loop.watch(fd: socket.fd) { [weak self] _ in self?.ready() }
    }

    /// Stops watching and closes the socket.
    func stop() {
        if let watch { loop.unwatch(watch) }
        watch = nil
        onNews = nil
        socket.close()
    }

    private func ready() {
        var news = false
        for _ in 0..<Self.datagramsPerTurn {
            var sender = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            // MSG_TRUNC: the datagram's real length, so one too big is known.
            let count = buffer.withUnsafeMutableBytes { bytes in
                withUnsafeMutablePointer(to: &sender) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(socket.fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_TRUNC), $0, &length)
                    }
                }
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ENOBUFS {
                    news = true
                    continue
                }
                if errno != EAGAIN && errno != EWOULDBLOCK { letGo() }
                break
            }
            received += 1
            guard count <= UeventMessage.maximumBytes, socket.believes(sender, length: length),
                  UeventMessage.parse(buffer[0..<count])?.isPowerSupplyNews == true else { continue }
            newsCount += 1
            news = true
        }
        if news { onNews?() }
    }

    /// Stops watching a socket that errs rather than spin on it.
    private func letGo() {
        if let watch { loop.unwatch(watch) }
        watch = nil
    }
}
