import Glibc

/// What `ledmarquee send` checks before and after it connects, so it never
/// hands a command (a `say` with a secret, a `load` path) to someone else
/// listening where the sign should be, nor prints their forged `status`
/// (issue 24): what the sign checks of its clients, from the other side
/// (docs/control.md, "Who may connect").
enum SignTrust {
    /// Said after a refusal: the directory's, the socket's, the peer's.
    static let refusal = "refusing to talk to it: another user may be listening in the sign's place"

    /// Before connecting: the directory ledmarquee makes for a named sign
    /// (nil for `--control PATH`, whose directory is the caller's choice)
    /// is ours and 0700, and the socket file is a socket of ours. A missing
    /// one is no sign (ENOENT), which the connect reports as such.
    static func checkBeforeConnecting(_ location: ControlSocketPath, uid: UInt32) throws(ControlSocketPath.Failure) {
        if let directory = location.directory {
            var info = stat()
            if lstat(directory, &info) != 0, errno == ENOENT { return }
            try ControlDirectory.check(directory, uid: uid, refusal: refusal)
        }
        var info = stat()
        guard lstat(location.path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw ControlSocketPath.Failure(message: "\(location.path): not a socket; no sign listens there")
        }
        guard info.st_uid == uid || info.st_uid == 0 else {
            throw ControlSocketPath.Failure(message: "\(location.path): owned by uid \(info.st_uid), not by you (\(uid)); \(refusal)")
        }
    }

    /// After connecting: the process listening is ours or root's, as the
    /// sign admits only its own uid and root (`SO_PEERCRED`, read by the
    /// kernel when the listener bound, so it cannot be forged).
    static func checkPeer(_ fd: Int32, path: String, uid: UInt32) throws(ControlSocketPath.Failure) {
        guard let peer = UnixSocket.peerUID(fd) else {
            throw ControlSocketPath.Failure(message: "\(path): cannot tell who listens there (SO_PEERCRED: \(String(cString: strerror(errno)))); \(refusal)")
        }
        guard peer == uid || peer == 0 else {
            throw ControlSocketPath.Failure(message: "\(path): the process listening runs as uid \(peer), not as you (\(uid)); \(refusal)")
        }
    }
}
