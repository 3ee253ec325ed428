import CNcursesw
import Glibc
import Testing

/// `lm_shift_row_left` moves a scrolled row with bytes of its own (a cursor
/// move and the terminal's delete-characters sequence) between two ncurses
/// updates. ncurses' public `mvcur`/`putp`/`vid_attr` write them through C's
/// `stdout`, so the shim points `stdout` at ncurses' own stream for the call.
/// These tests record that stream and check where the delete sequence lands:
/// after the first update's bytes and before the second's. They fail if the
/// swap is lost (the bytes go elsewhere, or to the runner's stdout) and if
/// the shim stops flushing before it returns (ncurses writes its updates with
/// write(2) on the stream's fd, past stdio's buffer, so the shift would
/// arrive after the next update).
///
/// ncurses keeps its screen in process globals (`SP`, `stdscr`, `curscr`,
/// `cur_term`) and the shim swaps the global `stdout`, so the suite is
/// serialized and main-actor bound, like `Screen`, the only other ncurses
/// user (no test opens one). Each test opens one screen on a socket pair,
/// never on the runner's terminal, and leaves nothing behind: `endwin` and
/// `delscreen`, the signal handlers `newterm` installs put back, every fd
/// closed. No test in the package prints to stdout (Swift Testing reports on
/// stderr), so the instant `stdout` points at the capture catches no one
/// else's output.
@Suite("Row shift bytes stay in order with ncurses' updates", .serialized)
@MainActor
struct RowShiftOrderTests {
    static let row: Int32 = 2
    static let shift: Int32 = 3
    /// Drawn on `row` by the first update; the shift drops its first three.
    static let before = Array("ABCDEFGH".utf8)
    /// Drawn by the second update in the cells that came into view.
    static let after = Array("XYZ".utf8)

    @Test("the delete sequence reaches ncurses' stream after the first update and before the second")
    func shiftBetweenUpdates() throws {
        let recording = try Self.record(shiftingToOtherStream: false)
        #expect(Self.inOrder(recording.terminal, delete: recording.delete),
                "\(Self.escaped(recording.terminal))")
        #expect(recording.other.isEmpty)
        // ncurses' record of the row was shifted too, so the second update
        // sends only the three cells that came into view.
        let deleted = try #require(recording.terminal.firstRange(of: recording.delete))
        #expect(recording.terminal[deleted.upperBound...].firstRange(of: Array("DEFGH".utf8)) == nil)
    }

    @Test("a shift whose bytes leave by another stream is caught as out of order")
    func shiftElsewhereIsCaught() throws {
        // What losing the swap does: the bytes follow C's `stdout` to a
        // stream that is not ncurses' (here a second capture standing in for
        // fd 1), and the terminal's stream shows the second update with no
        // shift before it.
        let recording = try Self.record(shiftingToOtherStream: true)
        #expect(!Self.inOrder(recording.terminal, delete: recording.delete))
        #expect(recording.other.firstRange(of: recording.delete) != nil)
    }

    @Test("ncurses' line records read as the direct row writer expects, and shift as the terminal does")
    func lineRecords() throws {
        // The fast scroll path (DirectRowWriter) reads ncurses' private line
        // records; if a new ncurses changed them, this fails here instead of
        // the sign quietly falling back to the slower ncurses shift.
        let terminal = try ByteCapture()
        let screen = try Self.open(on: terminal)
        let works = lm_line_records_work()
        let drawn = Self.update(Self.before, column: 0)
        lm_shift_line_records(Self.row, Self.shift)
        var shown: [UInt8] = []
        for column in 0..<Int32(Self.before.count) {
            var cell = cchar_t()
            _ = mvwin_wch(lm_stdscr(), Self.row, column, &cell)
            var text = [wchar_t](repeating: 0, count: 8)
            var attributes = attr_t()
            var pair: Int16 = 0
            _ = getcchar(&cell, &text, &attributes, &pair, nil)
            shown.append(UInt8(truncatingIfNeeded: text[0]))
        }
        screen.close()
        _ = terminal.finish()
        #expect(works == 1)
        #expect(drawn == OK)
        #expect(shown == Array("DEFGH   ".utf8), "\(String(decoding: shown, as: UTF8.self))")
    }

    // MARK: Recording

    struct Recording {
        /// Every byte ncurses' stream carried, from `newterm` to `endwin`.
        var terminal: [UInt8]
        /// What reached the other stream (only used as the shift's target).
        var other: [UInt8]
        /// The terminal's sequence deleting `shift` characters.
        var delete: [UInt8]
    }

    /// Opens ncurses for `xterm` on a capture, draws `before` on `row`, shifts
    /// the row by `shift` (into ncurses' stream, or into another capture),
    /// draws `after` where the row's end came into view, and closes it all.
    static func record(shiftingToOtherStream: Bool) throws -> Recording {
        let terminal = try ByteCapture()
        let other = try ByteCapture()
        let screen = try Self.open(on: terminal)

        var buffer = [CChar](repeating: 0, count: 64)
        let length = lm_delete_characters(shift, &buffer, Int32(buffer.count))
        let drawn = Self.update(before, column: 0)
        let shifted = lm_shift_row_left(shiftingToOtherStream ? other.stream : terminal.stream, row, shift, -1, buffer)
        let redrawn = Self.update(after, column: Int32(before.count) - shift)
        screen.close()

        try #require(length > 0, "xterm has dch")
        #expect(drawn == OK && redrawn == OK)
        #expect(shifted == OK)
        return Recording(terminal: terminal.finish(), other: other.finish(),
                         delete: buffer[..<Int(length)].map { UInt8(bitPattern: $0) })
    }

    /// An ncurses screen for `xterm` writing to `terminal`, reading
    /// /dev/null, 24x80, with the signal handlers `newterm` installs put
    /// back by `close()`.
    final class OpenScreen {
        private let screen: OpaquePointer
        private let input: UnsafeMutablePointer<FILE>
        private let handlers: SignalHandlers

        init(screen: OpaquePointer, input: UnsafeMutablePointer<FILE>, handlers: SignalHandlers) {
            self.screen = screen
            self.input = input
            self.handlers = handlers
        }

        func close() {
            endwin()
            delscreen(screen)
            fclose(input)
            handlers.restore()
        }
    }

    static func open(on terminal: ByteCapture) throws -> OpenScreen {
        let input = try #require(fopen("/dev/null", "re"))
        let handlers = SignalHandlers()
        guard let screen = newterm("xterm", terminal.stream, input) else {
            fclose(input)
            handlers.restore()
            throw ScreenOpenFailure()
        }
        // /dev/null always reads as ready: without this ncurses would take
        // it for typeahead and cut its updates short.
        typeahead(-1)
        resizeterm(24, 80)  // not whatever LINES/COLUMNS the runner has
        return OpenScreen(screen: screen, input: input, handlers: handlers)
    }

    struct ScreenOpenFailure: Error {}

    /// Puts `text` on `row` from `column` and sends it to the terminal.
    static func update(_ text: [UInt8], column: Int32) -> Int32 {
        for (offset, byte) in text.enumerated() {
            _ = lm_put_cell(row, column + Int32(offset), wchar_t(byte), lm_a_normal(), 0)
        }
        wnoutrefresh(lm_stdscr())
        return doupdate()
    }

    /// Whether `delete` first appears after the first update drew `before`
    /// and before the second drew `after`.
    static func inOrder(_ stream: [UInt8], delete: [UInt8]) -> Bool {
        guard let first = stream.firstRange(of: before),
              let shift = stream.firstRange(of: delete),
              let second = stream.firstRange(of: after) else { return false }
        return first.upperBound <= shift.lowerBound && shift.upperBound <= second.lowerBound
    }

    static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map { $0 == 0x1B ? "\\e" : ($0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x\(String($0, radix: 16))") }
            .joined()
    }
}

/// A one-way byte channel with a stdio stream on its write end: a socket
/// pair, because it is made close-on-exec in one call (`pipe2` does not
/// import), so a child another test spawns meanwhile holds neither end and
/// cannot keep the channel open. The read end does not block: what was
/// written is read, and reading stops there.
final class ByteCapture {
    private(set) var stream: UnsafeMutablePointer<FILE>?
    private var readFD: Int32 = -1

    init() throws {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        try #require(socketpair(AF_UNIX, type, 0, &fds) == 0)
        readFD = fds[0]
        shutdown(fds[0], Int32(SHUT_WR))
        // ncurses expects a blocking stream (it retries a write that would
        // block); the few hundred bytes a test writes fit the buffer.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) & ~O_NONBLOCK)
        stream = fdopen(fds[1], "w")
        if stream == nil { close(fds[1]) }
        try #require(stream != nil)
    }

    /// Closes the write end and returns everything written to it.
    func finish() -> [UInt8] {
        if let stream { fclose(stream) }
        stream = nil
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while readFD >= 0 {
            let got = read(readFD, &chunk, chunk.count)
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }  // end of stream, or nothing more (EAGAIN)
            bytes += chunk[..<got]
        }
        closeRead()
        return bytes
    }

    private func closeRead() {
        if readFD >= 0 { close(readFD) }
        readFD = -1
    }

    deinit {
        if let stream { fclose(stream) }
        closeRead()
    }
}

/// The dispositions `newterm` may replace (it installs handlers for the
/// signals still at their defaults), saved so a test leaves them as found.
struct SignalHandlers {
    static let signals = [SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGWINCH]
    private var saved: [(Int32, sigaction)] = []

    init() {
        for signal in Self.signals {
            var action = sigaction()
            if sigaction(signal, nil, &action) == 0 { saved.append((signal, action)) }
        }
    }

    func restore() {
        for (signal, action) in saved {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}
