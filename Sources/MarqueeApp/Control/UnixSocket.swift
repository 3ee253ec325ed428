import Glibc

/// The few socket calls the control socket needs, for `AF_UNIX` stream
/// sockets on Linux, which the Swift Glibc module leaves raw.
enum UnixSocket {
    /// `struct ucred`, which Glibc declares only for `_GNU_SOURCE`.
    struct PeerCredentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    /// A new stream socket, close-on-exec, non-blocking unless `blocking`.
    static func stream(blocking: Bool = false) -> Int32 {
        var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if !blocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        return socket(AF_UNIX, type, 0)
    }

    /// Calls `body` with `path` as a socket address (the caller checked its length).
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(ControlSocketPath.maximumPathBytes))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects `fd` to `path`; 0, or the errno.
    static func connect(_ fd: Int32, to path: String) -> Int32 {
        withAddress(path) { address, length in
            while Glibc.connect(fd, address, length) != 0 {
                if errno != EINTR { return errno }
            }
            return 0
        }
    }

    /// Whether a sign answers on `path` (a blocking connect, which for a
    /// Unix socket never waits on the network; for start-up and `send`).
    static func isListening(_ path: String) -> Bool {
        let fd = stream(blocking: true)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return connect(fd, to: path) == 0
    }

    /// The uid of the process on the other end of a connected socket.
    static func peerUID(_ fd: Int32) -> UInt32? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              length == socklen_t(MemoryLayout<PeerCredentials>.size) else { return nil }
        return credentials.uid
    }

    /// Sets O_NONBLOCK and FD_CLOEXEC (`accept4` is not in the Glibc module).
    static func makeNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 && fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
    }
}
