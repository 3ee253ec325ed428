import Glibc

/// Makes the directory a named sign's socket lives in, mode 0700, and
/// refuses one that another user could reach into: a socket in a directory
/// someone else owns or can write could be swapped for theirs.
enum ControlDirectory {
    /// Creates `path` (its parent must exist) or checks the one there.
    static func prepare(_ path: String, uid: UInt32 = getuid()) throws(ControlSocketPath.Failure) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw ControlSocketPath.Failure(message: "\(path): cannot create the control directory: \(String(cString: strerror(errno)))")
        }
        // Refused, not worked around with a private directory elsewhere:
        // `send` finds a sign by its name, so a sign at another path could
        // not be reached, and `send` would still meet whoever made this one.
        // Someone else's directory here means someone is after this user's
        // sign; the user learns it now, with the ways round it.
        try check(path, uid: uid, refusal: "refusing to put the control socket there (another user may be waiting for this sign's commands); set XDG_RUNTIME_DIR to a private directory, or use --control PATH or --no-control")
    }

    /// Checks the directory there is ours and private, without making it:
    /// the sign checks it before it binds, `ledmarquee send` before it
    /// connects (docs/control.md, "Who may connect"). A directory another
    /// user made first, in /tmp where anyone may, is how they would listen
    /// in the sign's place. `refusal` ends the message of someone else's.
    static func check(_ path: String, uid: UInt32, refusal: String) throws(ControlSocketPath.Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw ControlSocketPath.Failure(message: "\(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ControlSocketPath.Failure(message: "\(path): not a directory; the control socket cannot live there")
        }
        guard info.st_uid == uid else {
            throw ControlSocketPath.Failure(message: "\(path): owned by uid \(info.st_uid), not by you (\(uid)); \(refusal)")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ControlSocketPath.Failure(message: "\(path): group or others may use it (mode \(String(info.st_mode & 0o777, radix: 8))); it must be 0700")
        }
    }
}
