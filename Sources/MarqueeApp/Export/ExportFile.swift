import Glibc

/// The file an export writes, made whole before it has its name: the bytes
/// go to a new file beside the target (`.NAME.XXXXXX.tmp`, created with
/// `O_EXCL` and mode 0666 less the umask, so a GIF is not giflib's 0600),
/// which is synced and renamed over the target only when every byte is
/// written. On any failure the temporary file is removed: the target is
/// either what it was or the complete new file, never half of one.
///
/// A signal that ends the process meanwhile removes it too
/// (`TemporaryFileGuard`).
///
/// The target is looked at first, without opening it: a directory, a FIFO,
/// a socket or a device is refused in one line (opening a FIFO would wait
/// for a reader; `/dev/full` is a device, not a file to replace).
struct ExportFile {
    /// The descriptor of the temporary file, open for writing.
    let descriptor: Int32
    let path: String
    let temporary: String
    private var finished = false

    /// Creates the temporary file for `path`, after checking the target.
    init(path: String) throws(Platform.Failure) {
        self.path = path
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw ExportFile.failure(path, "is a directory")
            default: throw ExportFile.failure(path, "is not a regular file (a FIFO, socket or device)")
            }
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var attempt = 0
        while true {
            let candidate = directory + "." + name + "." + ExportFile.suffix() + ".tmp"
            // Guarded before it exists: a signal between the open and the
            // guard would leave the file (the signal tests saw it under load).
            TemporaryFileGuard.protect(candidate)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if fd >= 0 {
                descriptor = fd
                temporary = candidate
                return
            }
            let error = errno
            TemporaryFileGuard.release()
            attempt += 1
            guard error == EEXIST, attempt < 100 else { throw ExportFile.failure(path, String(cString: strerror(error))) }
        }
    }

    /// Six random letters and digits for the temporary file's name.
    private static func suffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<6).map { _ in letters.randomElement()! })
    }

    static func failure(_ path: String, _ reason: String) -> Platform.Failure {
        Platform.Failure(message: "cannot write '\(path)': \(reason)", status: 1)
    }

    /// Writes all of `bytes` to the temporary file.
    func write(_ bytes: [UInt8]) throws(Platform.Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw ExportFile.failure(path, String(cString: strerror(written < 0 ? errno : EIO))) }
            offset += written
        }
    }

    /// Syncs the temporary file, closes it and renames it over the target,
    /// then syncs the directory so the new name survives a power cut.
    mutating func commit() throws(Platform.Failure) {
        finished = true
        defer { TemporaryFileGuard.release() }
        if fsync(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            throw ExportFile.failure(path, reason)
        }
        if close(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ExportFile.failure(path, reason)
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ExportFile.failure(path, reason)
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// Closes and removes the temporary file: the export failed.
    mutating func abandon() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        unlink(temporary)
        TemporaryFileGuard.release()
    }
}
