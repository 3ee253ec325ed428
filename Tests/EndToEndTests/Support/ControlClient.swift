import Foundation
import Glibc

/// A raw control-socket client (docs/control.md): sends a batch of request
/// lines and reads their replies before the next batch (it reads what it
/// is sent, as a well-behaved client does); blocking, with a read
/// timeout so a deaf sign fails the test instead of hanging it.
final class ControlClient {
    let fd: Int32
    private var pending: [UInt8] = []

    init(path: String, timeoutSeconds: Int = 10) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw E2EFailure("socket: \(String(cString: strerror(errno)))") }
        var address = unixSocketAddress(path)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw E2EFailure("connect \(path): \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `lines` and returns their replies.
    func exchange(_ lines: [String]) throws -> [String] {
        let request = Array(lines.map { $0 + "\n" }.joined().utf8)
        var offset = 0
        while offset < request.count {
            let written = request[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw E2EFailure("write: \(String(cString: strerror(errno)))") }
            offset += written
        }
        var replies: [String] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while replies.count < lines.count {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                replies.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
                continue
            }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { throw E2EFailure("read after \(replies.count) replies: \(count == 0 ? "end" : String(cString: strerror(errno)))") }
            pending += buffer[..<count]
        }
        return replies
    }
}

/// The address of the Unix socket at `path` (at most 107 bytes).
func unixSocketAddress(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    return address
}
