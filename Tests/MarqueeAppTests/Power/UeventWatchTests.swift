import Foundation
import Glibc
import PowerProbe
import Synchronization
import Testing
@testable import EventLoop
@testable import MarqueeApp

/// The uevent source on a private loop (docs/power-probe.md, "Power
/// news"): the watch reads one end of a Unix datagram socketpair, as it
/// would the kernel's netlink socket, and the test writes crafted messages
/// to the other.
@Suite("Uevent watch", .serialized)
struct UeventWatchTests {
    static let powerSupply = "change@/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0ACTION=change\0"
        + "SUBSYSTEM=power_supply\0POWER_SUPPLY_ONLINE=0\0SEQNUM=1\0"
    static let usb = "add@/devices/pci0000:00/usb1/1-2\0ACTION=add\0SUBSYSTEM=usb\0SEQNUM=2\0"

    /// A watch on a socketpair's end, on a loop thread; counts the news.
    final class Fixture: Sendable {
        let thread = ServerLoopThread()
        let writer: Int32
        let watch: UeventWatch
        private let news = Atomic<Int>(0)
        var newsCount: Int { news.load(ordering: .relaxed) }

        init(startWatching: Bool = true) throws {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair) == 0 else {
                throw POSIXError(.EIO)
            }
            writer = pair[1]
            watch = UeventWatch(socket: UeventSocket(fd: pair[0], kind: .test(bound: nil)), loop: thread.loop)
            if startWatching { start() }
        }

        func start() {
            thread.loop.schedule(at: .now) { [self] in watch.start { self.news.add(1, ordering: .relaxed) } }
        }

        @discardableResult
        func send(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { Glibc.send(writer, $0.baseAddress, $0.count, 0) } }
        func send(_ text: String) { send(Array(text.utf8)) }

        /// Runs `body` on the loop's thread.
        func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
            await withCheckedContinuation { continuation in
                thread.loop.schedule(at: .now) { continuation.resume(returning: body()) }
            }
        }

        /// Waits until the watch has read `count` datagrams, up to 5 s.
        func received(_ count: Int) async -> Bool {
            for _ in 0..<500 {
                if await onLoop({ self.watch.received >= count }) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }

        func finish() async {
            await onLoop { self.watch.stop() }
            close(writer)
            #expect(thread.loop.watchCount == 0, "nothing is left on the loop")
            #expect(thread.finish() == 0)
        }
    }

    @Test("a power_supply change is news; a usb add is not")
    func powerSupplyIsNews() async throws {
        let fixture = try Fixture()
        fixture.send(Self.usb)
        #expect(await fixture.received(1))
        #expect(fixture.newsCount == 0)
        fixture.send(Self.powerSupply)
        #expect(await fixture.received(2))
        #expect(fixture.newsCount == 1)
        await fixture.finish()
    }

    @Test("a burst queued before the loop looks is one piece of news")
    func burstIsOneReading() async throws {
        let fixture = try Fixture(startWatching: false)
        for _ in 0..<10 { fixture.send(Self.powerSupply) }
        fixture.start()
        #expect(await fixture.received(10))
        #expect(fixture.newsCount == 1, "one reading for the ten")
        await fixture.finish()
    }

    @Test("a flood is read a budget a turn, and still ends in news")
    func flood() async throws {
        let fixture = try Fixture(startWatching: false)
        let count = UeventWatch.datagramsPerTurn * 3 + 5
        var sent = 0
        for _ in 0..<count where fixture.send(Array(Self.usb.utf8)) > 0 { sent += 1 }
        fixture.send(Self.powerSupply)
        fixture.start()
        #expect(await fixture.received(sent + 1))
        #expect(fixture.newsCount == 1)
        await fixture.finish()
    }

    @Test("hostile datagrams are no news and do not stop the watch: huge, truncated, no NUL, not UTF-8, empty")
    func hostile() async throws {
        let fixture = try Fixture()
        var huge = Array("change@/devices/x\0SUBSYSTEM=power_supply\0PAD=".utf8)
        huge += [UInt8](repeating: 0x41, count: 20_000) + [0]
        let datagrams: [[UInt8]] = [
            huge,
            Array("change@/devices/x\0ACTION=change\0SUBSYSTEM=power_sup".utf8),
            Array("change@/devices/x/power_supply/AC".utf8),
            Array("change@/devices/".utf8) + [0xFF, 0xFE, 0] + Array("SUBSYSTEM=power_supply\0".utf8),
            [],
            [UInt8](repeating: 0, count: 64),
        ]
        for datagram in datagrams { fixture.send(datagram) }
        #expect(await fixture.received(datagrams.count))
        #expect(fixture.newsCount == 0)
        fixture.send(Self.powerSupply)
        #expect(await fixture.received(datagrams.count + 1))
        #expect(fixture.newsCount == 1, "the watch still reads")
        await fixture.finish()
    }

    @Test("the test socket is bound at LEDMARQUEE_TEST_UEVENT_SOCKET, read, and removed on close")
    func testSocket() async throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/uevents.sock"
        let socket = try UeventSocket.open(environment: [UeventSocket.testVariable: path]).get()
        #expect(socket.name == "test")
        let client = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(client) }
        let bytes = Array(Self.powerSupply.utf8)
        let sent = UnixSocket.withAddress(path) { address, length in
            bytes.withUnsafeBytes { sendto(client, $0.baseAddress, $0.count, 0, address, length) }
        }
        #expect(sent == bytes.count)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        #expect(count == bytes.count)
        socket.close()
        #expect(access(path, F_OK) != 0, "the socket file is removed")
    }

    @Test("a test socket that cannot be bound is a one-line reason, not a failure of the sign")
    func testSocketRefused() throws {
        let failure = try #require(UeventSocket.open(environment: [UeventSocket.testVariable: "/nonexistent-dir/x.sock"])
            .failure)
        #expect(failure.message.hasPrefix("uevents: /nonexistent-dir/x.sock: bind: "))
        #expect(!failure.message.contains("\n"))
    }

    @Test("the kernel's socket opens here without privileges, or says in one line why not")
    func kernelSocket() {
        switch UeventSocket.open(environment: [:]) {
        case .success(let socket):
            #expect(socket.kind == .kernel)
            #expect(fcntl(socket.fd, F_GETFL) & O_NONBLOCK != 0, "non-blocking")
            #expect(fcntl(socket.fd, F_GETFD) & FD_CLOEXEC != 0, "close-on-exec")
            socket.close()
        case .failure(let failure):
            #expect(failure.message.hasPrefix("uevents: "))
        }
    }

    @Test("on netlink only the kernel (port 0) is believed")
    func kernelSender() {
        let socket = UeventSocket(fd: -1, kind: .kernel)
        func address(pid: UInt32) -> sockaddr_storage {
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: UeventSocket.NetlinkAddress(pid: pid), as: UeventSocket.NetlinkAddress.self) }
            return storage
        }
        let length = socklen_t(MemoryLayout<UeventSocket.NetlinkAddress>.size)
        #expect(socket.believes(address(pid: 0), length: length))
        #expect(!socket.believes(address(pid: 4242), length: length), "a process on the group")
        #expect(!socket.believes(address(pid: 0), length: 2), "a short address")
        #expect(UeventSocket(fd: -1, kind: .test(bound: nil)).believes(address(pid: 4242), length: length))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
