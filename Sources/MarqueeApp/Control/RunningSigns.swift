import Glibc

/// The signs of this user running on this machine (docs/control.md, "Two
/// signs on one machine"): the sockets in the signs' directory that a sign
/// answers on. `ledmarquee send` without `--name` reaches the only one, and
/// `send --list` prints them; a stale socket (a sign killed with SIGKILL)
/// is not a sign.
enum RunningSigns {
    /// A sign found running: its name and its socket.
    struct Sign: Equatable, Sendable {
        let name: String
        let path: String
    }

    /// Every sign answering in the directory named signs use, by name
    /// (`default` before `default-2` before `default-10`). The directory is
    /// checked as `send` checks it before connecting: a list read from a
    /// directory someone else controls would name their sockets.
    static func find(environment: [String: String], uid: UInt32) throws(ControlSocketPath.Failure) -> [Sign] {
        let location = try ControlSocketPath.resolve(name: nil, control: nil, environment: environment, uid: uid)
        guard let directory = location.directory else { return [] }
        var info = stat()
        if lstat(directory, &info) != 0, errno == ENOENT { return [] }
        try ControlDirectory.check(directory, uid: uid, refusal: SignTrust.refusal)
        return names(in: directory).compactMap { name in
            let path = "\(directory)/\(name).sock"
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == uid || info.st_uid == 0,
                  answers(path) else { return nil }
            return Sign(name: name, path: path)
        }.sorted { order($0.name) < order($1.name) }
    }

    /// The lines `send --list` prints, and `send` when it cannot choose:
    /// the name, then the socket.
    static func lines(_ signs: [Sign]) -> [String] {
        let width = signs.map(\.name.count).max() ?? 0
        return signs.map { $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.path }
    }

    /// The names of the `NAME.sock` entries, NAME a valid sign name.
    private static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard file.hasSuffix(".sock") else { continue }
            let name = String(file.dropLast(5))
            guard (try? ControlSocketPath.validate(name: name)) != nil else { continue }
            names.append(name)
        }
        return names
    }

    /// Whether a sign listens on `path`. Non-blocking, so a sign whose
    /// queue of connections is full (it answers `EAGAIN`) counts as
    /// running, and never holds the caller up.
    static func answers(_ path: String) -> Bool {
        let fd = UnixSocket.stream()
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let code = UnixSocket.connect(fd, to: path)
        return code == 0 || code == EAGAIN
    }

    /// `default-10` after `default-9`: a numbered name sorts by its number.
    private static func order(_ name: String) -> (String, Int, String) {
        if let dash = name.lastIndex(of: "-"), let number = Int(name[name.index(after: dash)...]), number >= 0 {
            return (String(name[..<dash]), number, name)
        }
        return (name, 0, name)
    }
}
