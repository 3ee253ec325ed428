import Dispatch
import Glibc
import MarqueeCore

/// Reads key presses from the terminal on a dispatch queue of its own and delivers
/// them as an `AsyncStream`, so ncurses (on the main actor) is never called
/// from two threads and a blocking read never stalls a frame.
public enum KeyboardReader {
    /// How long a lone ESC waits for the rest of an arrow-key sequence.
    static let escapeDelayMilliseconds: Int32 = 40

    /// Keys read from `fd` until end of file or an error.
    public static func keys(from fd: Int32) -> AsyncStream<Key> {
        AsyncStream { continuation in
            // A queue of its own: its one blocking read loop never holds up
            // the event loop the rest of the program runs on.
            DispatchQueue(label: "ledmarquee.keyboard").async {
                var decoder = KeyDecoder()
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&poller, 1, decoder.hasPending ? escapeDelayMilliseconds : -1)
                    if ready < 0 {
                        if errno == EINTR { continue }
                        break
                    }
                    if ready == 0 {
                        decoder.flush().forEach { continuation.yield($0) }
                        continue
                    }
                    let count = read(fd, &buffer, buffer.count)
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    guard count > 0 else { break }
                    decoder.feed(buffer[0..<count]).forEach { continuation.yield($0) }
                }
                continuation.finish()
            }
        }
    }
}
