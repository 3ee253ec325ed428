import Glibc
import MarqueeCore

/// `ledmarquee send`: the client of a running sign's control socket
/// (docs/control.md). It is not the sign, so it may block: it connects,
/// writes one request, and reads the reply (and, for `watch`, the records
/// after it). Exit 0 when the sign did it, 1 when it refused or is not
/// running, 2 for a usage error; `status` prints its reply, `watch` each
/// record, `snapshot` writes its picture to the file `--png` names, every
/// other command prints nothing.
enum SendCommand {
    /// How long a reply may take before the client gives up on the sign.
    static let replySeconds = 10

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let parsed: SendArguments
        do {
            guard let arguments = try SendArguments.parse(arguments, cwd: currentDirectory()) else {
                Platform.writeOutput(SendUsage.text)
                return 0
            }
            parsed = arguments
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            Platform.writeError("Try 'ledmarquee send --help' for more information.")
            return 2
        }
        if let fleet = parsed.fleet {
            return FleetSend.run(parsed, fleet: fleet, environment: environment)
        }
        if parsed.command == SendArguments.listCommand { return list(environment: environment) }
        // The file a snapshot goes to is checked, and its temporary made,
        // before the sign is asked: a bad path costs the sign nothing.
        var output: ExportFile?
        if let outputPath = parsed.outputPath {
            do throws(Platform.Failure) {
                output = try ExportFile(path: outputPath)
            } catch {
                Platform.writeError("ledmarquee: \(error.message)")
                return error.status
            }
        }
        // Whatever ends the exchange first, no temporary file stays.
        defer { output?.abandon() }
        let name: String
        let location: ControlSocketPath
        do {
            guard let found = try locate(parsed, environment: environment) else { return 2 }
            (name, location) = found
            try SignTrust.checkBeforeConnecting(location, uid: getuid())
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            return 1
        }
        let path = location.path
        let fd = UnixSocket.stream(blocking: true)
        guard fd >= 0 else {
            Platform.writeError("ledmarquee: socket: \(String(cString: strerror(errno)))")
            return 1
        }
        defer { close(fd) }
        switch UnixSocket.connect(fd, to: path) {
        case 0:
            break
        case let code where code == ENOENT || code == ECONNREFUSED || code == ENOTDIR:
            // ECONNREFUSED: a socket file nobody listens on, left by a sign that was killed.
            let why = code == ECONNREFUSED ? "nothing answers on \(path)" : "no socket at \(path)"
            Platform.writeError(parsed.control == nil
                                ? "ledmarquee: no sign named '\(name)' (\(why))"
                                : "ledmarquee: no sign at \(path) (\(code == ECONNREFUSED ? "nothing answers there" : "no socket there"))")
            return 1
        case EACCES, EPERM:
            Platform.writeError("ledmarquee: permission denied: \(path)")
            return 1
        case let code:
            Platform.writeError("ledmarquee: \(path): \(String(cString: strerror(code)))")
            return 1
        }
        do throws(ControlSocketPath.Failure) {
            try SignTrust.checkPeer(fd, path: path, uid: getuid())
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            return 1
        }
        if parsed.command != "watch" {
            var timeout = timeval(tv_sec: replySeconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        let reply: String
        var reader: LineReader
        switch SendExchange.run(fd, request: parsed.request, path: path, replySeconds: replySeconds) {
        case .reply(let line, let rest):
            reply = line
            reader = rest
        case .failed(let message):
            Platform.writeError("ledmarquee: \(message)")
            return 1
        }
        guard case .object(let object)? = JSONValue.parse(Array(reply.utf8)), case .bool(let ok)? = object["ok"] else {
            Platform.writeError("ledmarquee: \(path): not a reply: \(OptionValues.shown(reply))")
            return 1
        }
        guard ok else {
            let message: String
            if case .string(let error)? = object["error"] { message = error } else { message = "refused" }
            Platform.writeError(message == "permission denied" ? "ledmarquee: permission denied: \(path)" : "ledmarquee: \(message)")
            return 1
        }
        switch parsed.command {
        case "status":
            return show(reply) ? 0 : 1
        case "watch":
            while let line = reader.next() {
                guard show(line) else { return 1 }
            }
            return 0
        case "snapshot":
            guard var file = output else { return 1 }
            output = nil
            do throws(Platform.Failure) {
                try SnapshotReply.save(try SnapshotReply.png(in: object, source: path), to: &file)
                return 0
            } catch {
                file.abandon()
                Platform.writeError("ledmarquee: \(error.message)")
                return error.status
            }
        default:
            return 0
        }
    }

    /// The sign to talk to and its socket: `--control` or `--name` as
    /// given; without either, the only sign running, else (none running)
    /// `default`, which the connect then reports missing. With several
    /// running, nil after listing them: the user must say which.
    private static func locate(_ parsed: SendArguments,
                               environment: [String: String]) throws(ControlSocketPath.Failure) -> (String, ControlSocketPath)? {
        var name = parsed.name
        if name == nil, parsed.control == nil {
            let running = try RunningSigns.find(environment: environment, uid: getuid())
            if running.count > 1 {
                Platform.writeError("ledmarquee: \(running.count) signs are running; say which with --name:")
                RunningSigns.lines(running).forEach { Platform.writeError("  " + $0) }
                return nil
            }
            name = running.first?.name
        }
        let location = try ControlSocketPath.resolve(name: name, control: parsed.control, environment: environment, uid: getuid())
        return (name ?? ControlSocketPath.defaultName, location)
    }

    /// `send --list`: each running sign's name and socket, one a line;
    /// exit 1 when none runs.
    private static func list(environment: [String: String]) -> Int32 {
        do throws(ControlSocketPath.Failure) {
            let running = try RunningSigns.find(environment: environment, uid: getuid())
            guard !running.isEmpty else {
                let directory = try ControlSocketPath.resolve(name: nil, control: nil, environment: environment, uid: getuid()).directory ?? ""
                Platform.writeError("ledmarquee: no sign is running (none answers in \(directory))")
                return 1
            }
            for line in RunningSigns.lines(running) where !show(line) { return 1 }
            return 0
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            return 1
        }
    }

    /// A line from the socket on standard output, shown escaped where a
    /// terminal would act on it; false when standard output is gone.
    private static func show(_ line: String) -> Bool {
        Platform.writeAll(STDOUT_FILENO, TerminalText.visible(line) + "\n") == nil
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Lines from a blocking descriptor, each at most a request's bound plus
/// the records' (a longer one is cut there).
struct LineReader {
    static let maximumLineBytes = 1 << 20
    let fd: Int32
    private var buffer: [UInt8] = []
    private var ended = false
    /// Whether the read timeout (SO_RCVTIMEO) ended the wait.
    private(set) var timedOut = false

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at the end (or a timeout).
    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended || buffer.count > Self.maximumLineBytes {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                timedOut = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
                ended = true
            }
        }
    }
}
