import EventLoop
import Glibc

/// The control socket of a playing sign (docs/control.md): listens on a
/// Unix socket, accepts in the event loop, and answers newline-delimited
/// JSON requests through `handler`, one reply line each. Nothing here
/// blocks the loop: every socket is non-blocking, replies go through a
/// bounded ``QueuedWriter`` per connection; a client that does not read its
/// replies is held back (nothing more is read or answered), and one that
/// misbehaves (too big a request, one that trickles in, silence, a watcher
/// too far behind) is dropped. Two spare slots keep a plain `send`
/// answered when the others are held (docs/limits.md). With
/// no client connected the server costs the loop nothing but one watched
/// descriptor: no timer runs.
///
/// ```swift
/// let server = try ControlServer.open(location, name: "default", loop: .main)
/// server.start { request in request == .status ? .object(…) : .ok }
/// server.broadcast(record.jsonLine(at: t))   // to `watch` clients
/// server.close()                             // unlinks the socket
/// ```
///
/// Used on the loop's thread only, after `open`.
final class ControlServer: @unchecked Sendable {
    /// How much any one client may cost the sign.
    struct Limits: Sendable {
        /// Bytes of one request line.
        var requestBytes = ControlRequestParser.maximumRequestBytes
        /// Bytes of records that may wait for a `watch` client; one that
        /// falls further behind is dropped. A reply never waits behind
        /// another: a request is answered only once the client has taken
        /// every earlier reply (back-pressure), so this bounds replies too.
        var replyBytes = 256 * 1024
        /// Clients connected at once in the ordinary slots.
        var connections = 64
        /// Slots kept beyond `connections` for a client that sends a whole
        /// request at once (what `ledmarquee send` does): when the others
        /// are all held, it is still answered.
        var spare = 2
        /// Seconds a client in a spare slot has to send a whole request,
        /// and then to take its reply or ask again.
        var quickSeconds = 1.0
        /// Seconds from a request line's first byte to its newline.
        var requestSeconds = 5.0
        /// Seconds a client may send nothing before it is closed (a
        /// `watch` client, which only listens, is not).
        var idleSeconds = 10.0
    }

    /// Answers one request, on the loop's thread.
    typealias Handler = @Sendable (ControlRequest) -> ControlReply

    /// Why the server cannot start: one line for stderr.
    struct Failure: Error, Equatable {
        let message: String
        /// Another sign answers on the path (or bound it first, a moment
        /// ago): a sign without `--name` tries the next name.
        var taken = false
    }

    let path: String
    let limits: Limits
    let loop: EventLoop
    /// What `say` and `add` give a cue sent without `seconds`.
    var defaultSeconds = 5.0
    private let fd: Int32
    /// The socket file bound, so `close` unlinks only its own.
    private let inode: ino_t
    /// Which peers are served: the sign's own user and root (tests
    /// narrow it to see a refusal, which needs no second user then).
    var admits: @Sendable (UInt32) -> Bool = { [ownUID = getuid()] uid in uid == ownUID || uid == 0 }
    private var handler: Handler?
    private var listening: FDWatch?
    /// Set while accepting is paused for want of descriptors.
    private var acceptRetry: LoopTimer?
    private var connections: [ObjectIdentifier: ControlConnection] = [:]
    private var closed = false

    private init(path: String, fd: Int32, inode: ino_t, loop: EventLoop, limits: Limits) {
        self.path = path
        self.fd = fd
        self.inode = inode
        self.loop = loop
        self.limits = limits
    }

    /// Binds the socket: makes its directory, refuses a path a sign
    /// already answers on, replaces a stale socket (one nobody listens on,
    /// left by a sign that was killed), and leaves the file mode 0600.
    /// `name` is how errors name the sign.
    static func open(_ location: ControlSocketPath, name: String, loop: EventLoop = .main,
                     limits: Limits = Limits()) throws(Failure) -> ControlServer {
        let path = location.path
        if let directory = location.directory {
            do { try ControlDirectory.prepare(directory) } catch { throw Failure(message: error.message) }
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw Failure(message: "\(path): exists and is not a socket; refusing to replace it")
            }
            guard !UnixSocket.isListening(path) else {
                throw Failure(message: "\(name): a sign is already running on \(path)", taken: true)
            }
            unlink(path)
        }
        let fd = UnixSocket.stream()
        guard fd >= 0 else { throw Failure(message: "control socket: \(String(cString: strerror(errno)))") }
        // The file is made with the mode the umask leaves: 0600 from the
        // start, so no one else may connect even for a moment (before the
        // loop runs other threads, so the process-wide umask is safe here).
        let mask = umask(0o177)
        let bound = UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        let code = errno
        umask(mask)
        guard bound == 0, listen(fd, SOMAXCONN) == 0, stat(path, &info) == 0 else {
            let reason = String(cString: strerror(bound == 0 ? errno : code))
            Glibc.close(fd)
            if bound == 0 { unlink(path) }
            // EADDRINUSE: a sign starting at the same moment bound it first.
            if bound != 0, code == EADDRINUSE {
                throw Failure(message: "\(name): a sign is already running on \(path)", taken: true)
            }
            throw Failure(message: "\(path): cannot listen: \(reason)")
        }
        return ControlServer(path: path, fd: fd, inode: info.st_ino, loop: loop, limits: limits)
    }

    /// Starts accepting clients; each request goes to `handler`.
    func start(handler: @escaping Handler) {
        self.handler = handler
        watchListening()
    }

    private func watchListening() {
        listening = loop.watch(fd: fd) { [weak self] _ in self?.acceptAll() }
    }

    /// Clients connected now.
    var connectionCount: Int { connections.count }

    /// Whether any client is watching: the player skips making records'
    /// lines for nobody.
    var hasWatchers: Bool { connections.values.contains { $0.watching } }

    /// Sends one events-log line (no newline) to every `watch` client.
    func broadcast(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        for connection in connections.values where connection.watching {
            connection.send(bytes)
        }
    }

    /// Stops listening, closes every client and removes the socket file —
    /// if it is still the one bound (a second sign may have replaced a
    /// socket it found stale).
    func close() {
        guard !closed else { return }
        closed = true
        if let listening { loop.unwatch(listening) }
        listening = nil
        if let acceptRetry { loop.cancel(acceptRetry) }
        for connection in connections.values { connection.close() }
        connections.removeAll()
        Glibc.close(fd)
        var info = stat()
        if lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
    }

    deinit { close() }

    private func acceptAll() {
        while !closed {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE { pauseAccepting() }
                return
            }
            guard UnixSocket.makeNonBlocking(client) else {
                Glibc.close(client)
                continue
            }
            if let uid = UnixSocket.peerUID(client), admits(uid) {
                if let spare = slot() {
                    let connection = ControlConnection(fd: client, server: self, spare: spare)
                    connections[ObjectIdentifier(connection)] = connection
                    connection.start()
                    continue
                }
                refuse(client, ControlReply.error(fullMessage))
            } else {
                refuse(client, ControlReply.error("permission denied"))
            }
        }
    }

    /// Clients in the ordinary slots.
    private var ordinaryCount: Int { connections.values.count { !$0.spare } }

    /// A slot for a new client: an ordinary one (false), a spare one
    /// (true), or, with those all held, an ordinary one that the oldest
    /// watcher gives up; nil when no client in an ordinary slot watches.
    private func slot() -> Bool? {
        if ordinaryCount < limits.connections { return false }
        if connections.count - ordinaryCount < limits.spare { return true }
        return dropOldestWatcher() ? false : nil
    }

    /// Whether `connection` may watch: a client in a spare slot must move
    /// to a free ordinary one. A watcher never takes another's place: 64
    /// watchers that come back when closed would otherwise close each other
    /// for ever.
    func admitWatcher(_ connection: ControlConnection) -> Bool {
        guard connection.spare else { return true }
        guard ordinaryCount < limits.connections else { return false }
        connection.promote()
        return true
    }

    /// Closes the watcher that has watched longest: a stream of records
    /// gives way to a client that may bring a command rather than the
    /// command being refused.
    private func dropOldestWatcher() -> Bool {
        let oldest = connections.values.filter(\.watching).min { $0.watchOrder < $1.watchOrder }
        guard let oldest else { return false }
        oldest.drop()
        return true
    }

    private var watchCounter = 0

    /// The next watcher's place in line.
    func nextWatchOrder() -> Int {
        watchCounter += 1
        return watchCounter
    }

    /// Why a client is turned away when every slot is held.
    var fullMessage: String { "too many connections (at most \(limits.connections))" }

    /// Seconds as errors say them: `5 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// One try at telling the client why, never a wait; then the close.
    private func refuse(_ client: Int32, _ reply: ControlReply) {
        let bytes = Array(reply.line.utf8)
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
        Glibc.close(client)
    }

    /// Out of descriptors: the listening socket stays readable, so watching
    /// it would spin the loop. Accepting resumes as soon as one of our
    /// connections closes (`remove`), else after `acceptRetrySeconds` (a
    /// descriptor freed elsewhere). Waiting a whole second each time took
    /// 19 s to get through 1,000 queued clients that had gone at
    /// `ulimit -n 64`: each second accepted only the ~50 that fitted.
    private func pauseAccepting() {
        if let listening { loop.unwatch(listening) }
        listening = nil
        acceptRetry = loop.schedule(at: .now + .seconds(Self.acceptRetrySeconds)) { [weak self] in
            guard let self, !self.closed else { return }
            self.resumeAccepting()
        }
    }

    static let acceptRetrySeconds = 0.25

    private func resumeAccepting() {
        if let acceptRetry { loop.cancel(acceptRetry) }
        acceptRetry = nil
        watchListening()
    }

    /// The reply to one request line.
    func answer(_ line: [UInt8]) -> ControlReply {
        switch ControlRequestParser.parse(line, defaultSeconds: defaultSeconds) {
        case .failure(let failure): return .error(failure.message)
        case .success(let request): return handler?(request) ?? .error("the sign is not ready")
        }
    }

    /// Forgets a connection that closed.
    func remove(_ connection: ControlConnection) {
        connections[ObjectIdentifier(connection)] = nil
        // A descriptor is free again: the clients waiting need it.
        if acceptRetry != nil, !closed { resumeAccepting() }
    }
}
