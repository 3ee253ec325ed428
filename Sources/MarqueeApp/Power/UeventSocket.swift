import Glibc
import MarqueeCore

/// Where kernel uevents are read from (docs/power-probe.md, "Power news"):
/// the kernel's `NETLINK_KOBJECT_UEVENT` broadcast, which any process may
/// receive without privileges, or — only when
/// `LEDMARQUEE_TEST_UEVENT_SOCKET=PATH` is set (docs/testing.md) — a Unix
/// datagram socket bound at PATH, to which a test writes crafted
/// messages, since no test can make the kernel report a power supply.
///
/// Either way a non-blocking, close-on-exec datagram descriptor that the
/// loop watches.
struct UeventSocket {
    /// The environment variable of the test socket.
    static let testVariable = "LEDMARQUEE_TEST_UEVENT_SOCKET"
    /// `NETLINK_KOBJECT_UEVENT` and its group of kernel events
    /// (linux/netlink.h; udev's re-broadcasts are group 2).
    static let netlinkProtocol: Int32 = 15
    static let kernelGroup: UInt32 = 1

    enum Kind: Equatable {
        case kernel
        /// A test's datagram socket; `bound`, the file it is bound at, which
        /// `close` removes if it is still its own (nil: one end of a
        /// `socketpair`, which unit tests hand over).
        case test(bound: BoundFile?)
    }

    struct BoundFile: Equatable {
        let path: String
        let inode: UInt64
    }

    /// `struct sockaddr_nl`, which the Glibc module does not import.
    struct NetlinkAddress {
        var family = sa_family_t(AF_NETLINK)
        var pad: UInt16 = 0
        /// The sender's port: 0 is the kernel.
        var pid: UInt32 = 0
        var groups: UInt32 = 0
    }

    let fd: Int32
    let kind: Kind

    /// `kernel` or `test`, as the `powerSources` record names it.
    var name: String { kind == .kernel ? "kernel" : "test" }

    /// The socket the environment asks for; the reason, for the events
    /// log only, when it cannot be had (a container without netlink).
    static func open(environment: [String: String]) -> Result<UeventSocket, PowerSourceFailure> {
        if let path = environment[testVariable], !path.isEmpty { return openTest(path) }
        let fd = socket(AF_NETLINK, datagramType, netlinkProtocol)
        guard fd >= 0 else { return .failure(PowerSourceFailure("uevents: socket: \(reason())")) }
        var address = NetlinkAddress(groups: kernelGroup)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<NetlinkAddress>.size))
            }
        }
        guard bound == 0 else {
            let failure = PowerSourceFailure("uevents: bind: \(reason())")
            Glibc.close(fd)
            return .failure(failure)
        }
        return .success(UeventSocket(fd: fd, kind: .kernel))
    }

    private static func openTest(_ path: String) -> Result<UeventSocket, PowerSourceFailure> {
        guard path.utf8.count <= ControlSocketPath.maximumPathBytes else {
            return .failure(PowerSourceFailure("uevents: \(TerminalText.visible(path)): path too long for a socket"))
        }
        let fd = socket(AF_UNIX, datagramType, 0)
        guard fd >= 0 else { return .failure(PowerSourceFailure("uevents: socket: \(reason())")) }
        var info = stat()
        guard UnixSocket.withAddress(path, { bind(fd, $0, $1) }) == 0, stat(path, &info) == 0 else {
            let failure = PowerSourceFailure("uevents: \(TerminalText.visible(path)): bind: \(reason())")
            Glibc.close(fd)
            return .failure(failure)
        }
        return .success(UeventSocket(fd: fd, kind: .test(bound: BoundFile(path: path, inode: UInt64(info.st_ino)))))
    }

    /// Whether a datagram from `sender` is believed: on netlink only the
    /// kernel's (port 0), as udev does, though only privileged processes
    /// can send to the group; a test socket's are the test's.
    func believes(_ sender: sockaddr_storage, length: socklen_t) -> Bool {
        guard kind == .kernel else { return true }
        guard Int(length) >= MemoryLayout<NetlinkAddress>.size else { return false }
        return withUnsafeBytes(of: sender) { raw in
            raw.loadUnaligned(as: NetlinkAddress.self).family == sa_family_t(AF_NETLINK)
                && raw.loadUnaligned(as: NetlinkAddress.self).pid == 0
        }
    }

    /// Closes the descriptor and removes a test socket's file, if it is
    /// still the one bound.
    func close() {
        Glibc.close(fd)
        if case .test(let bound?) = kind {
            var info = stat()
            if stat(bound.path, &info) == 0, UInt64(info.st_ino) == bound.inode { unlink(bound.path) }
        }
    }

    private static var datagramType: Int32 {
        Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
