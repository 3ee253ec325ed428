import Foundation
import Glibc

/// A raw connection to a sign's control socket, for tests that send many
/// requests (a process of `ledmarquee send` each would take minutes) or
/// requests `send` cannot make. Blocking, each read bounded by 10 s.
final class ControlClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw E2EFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (offset, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[offset] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw E2EFailure("connect \(path): \(reason)")
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends one request line and returns the reply line, parsed.
    func request(_ object: [String: Any]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: object)
        line.append(UInt8(ascii: "\n"))
        try line.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { throw E2EFailure("send: \(String(cString: strerror(errno)))") }
                sent += count
            }
        }
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let object = try JSONSerialization.jsonObject(with: reply) as? [String: Any] else {
                    throw E2EFailure("not a reply: \(String(decoding: reply, as: UTF8.self))")
                }
                return object
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            guard count > 0 else { throw E2EFailure("no reply: \(count < 0 ? String(cString: strerror(errno)) : "closed")") }
            buffer += chunk[..<count]
        }
    }

    func close() { Glibc.close(fd) }
}
