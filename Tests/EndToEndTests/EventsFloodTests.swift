import Foundation
import Glibc
import Testing

extension EndToEnd {
    /// A publisher cannot fill a sign's disk through its events log
    /// (docs/events-log.md, "Repeated records").
    @Suite("Events log flood")
    struct EventsFlood {
        /// A control-socket client that sends `batch` request lines at a
        /// time and reads their replies before the next batch (it reads what
        /// it is sent, as a well-behaved client does); blocking, on its own.
        final class FloodClient {
            let fd: Int32
            private var pending: [UInt8] = []

            init(path: String) throws {
                fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                guard fd >= 0 else { throw E2EFailure("socket: \(String(cString: strerror(errno)))") }
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                let bytes = Array(path.utf8)
                withUnsafeMutableBytes(of: &address.sun_path) { raw in
                    raw.copyBytes(from: bytes)
                    raw[bytes.count] = 0
                }
                let connected = withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
                guard connected == 0 else {
                    close(fd)
                    throw E2EFailure("connect \(path): \(String(cString: strerror(errno)))")
                }
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

        @Test("say and next as fast as the sign answers for 3 s: the log stays at about 100 records a kind a second, every one counted")
        func floodKeepsLogSmall() async throws {
            let sign = try HeadlessSign.start("flood", arguments: ["STEADY"])
            defer { sign.close() }
            try await sign.waitForEvent("the first cue") { $0.name == "cue" }
            let client = try FloodClient(path: sign.socketPath)
            let clock = Stopwatch()
            var says = 0
            var nexts = 0
            var batches = 0
            while clock.elapsed < 3 {
                let lines = (0..<100).map { $0 % 2 == 0 ? #"{"cmd":"say","text":"FLOOD \#(batches)-\#($0)"}"# : #"{"cmd":"next"}"# }
                let replies = try client.exchange(lines)
                says += replies.enumerated().filter { $0.offset % 2 == 0 && $0.element == #"{"ok":true}"# }.count
                nexts += replies.enumerated().filter { $0.offset % 2 == 1 && $0.element == #"{"ok":true}"# }.count
                batches += 1
            }
            let seconds = clock.elapsed
            #expect(says == batches * 50 && nexts == batches * 50, "\(says) say and \(nexts) next done of \(batches * 100)")
            // Ends with quit, which says every count still open.
            kill(sign.pid, SIGTERM)
            _ = try await sign.waitForExit()
            let events = sign.events()
            #expect(events.last?.name == "quit")
            func accounted(_ name: String) -> Int {
                events.filter { $0.name == name }.count
                    + events.filter { $0.name == "suppressed" && $0.string("record") == name }.compactMap { $0.int("count") }.reduce(0, +)
            }
            // Every say is an interrupt record or counted in one.
            #expect(accounted("interrupt") == says, "interrupts accounted \(accounted("interrupt")) of \(says)")
            let size = (try? FileManager.default.attributesOfItem(atPath: sign.eventsPath)[.size] as? Int) ?? -1
            // Per kind (interrupt, interruptEnded, cue) at most 100 a
            // second and one count; the windows open at the first record,
            // so a run of S seconds spans at most S + 1 of them.
            let windows = Int(seconds.rounded(.up)) + 1
            let bound = 3 * windows * 101 + 10
            #expect(events.count <= bound, "\(events.count) records for \(says + nexts) requests in \(seconds) s; bound \(bound)")
            #expect(events.contains { $0.name == "suppressed" && $0.string("record") == "interrupt" },
                    "the flood passed the limit (else this test proves nothing)")
            print("events flood: \(says + nexts) requests in \(String(format: "%.2f", seconds)) s, log \(events.count) records, \(size) bytes")
        }
    }
}
