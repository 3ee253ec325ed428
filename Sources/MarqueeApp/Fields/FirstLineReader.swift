import Glibc

/// Reads the first line of a small regular file for `{file:PATH}`: on the
/// event loop, so it opens without waiting (a FIFO would block until a
/// writer came) and refuses anything but a regular file, and it reads at
/// most ``maximumBytes``, however big the file is.
enum FirstLineReader {
    static let maximumBytes = 4_096
    /// The longest line shown: a status word or a sentence, not a document.
    static let maximumLineBytes = 1_024

    /// The first line, without its newline and cut to ``maximumLineBytes``
    /// at a character boundary.
    static func firstLine(of path: String) throws(Platform.ReadError) -> String {
        // Looked at before it is opened: opening a device or a FIFO may
        // itself act (a tape rewinds, a writer is woken), and a kernel
        // file's read may consume what it reads (issue 24).
        var before = stat()
        if stat(path, &before) == 0 { try check(kind: before.st_mode) }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            let real = String(cString: resolved)
            if ["/proc", "/sys"].contains(where: { real == $0 || real.hasPrefix($0 + "/") }) { throw .kernelFile }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        // And again what was opened, in case the path changed in between.
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errno) }
        try check(kind: info.st_mode)
        // Wherever procfs or sysfs is mounted, by what the kernel says.
        if let type = fileSystemType(fd), kernelFileSystems.contains(type) { throw .kernelFile }
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        var count = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, maximumBytes) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .system(errno) }
            count = got
            break
        }
        var line = buffer[0..<count]
        if let newline = line.firstIndex(of: UInt8(ascii: "\n")) { line = line[..<newline] }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return cut(Array(line))
    }

    private static func check(kind mode: mode_t) throws(Platform.ReadError) {
        let kind = mode & S_IFMT
        if kind == S_IFDIR { throw .directory }
        guard kind == S_IFREG else { throw .notRegularFile }
    }

    /// File systems whose files are the kernel's: procfs, sysfs, debugfs,
    /// tracefs (`trace_pipe` consumes), securityfs, configfs
    /// (`linux/magic.h`), wherever they are mounted.
    static let kernelFileSystems: Set<Int> = [0x9FA0, 0x6265_6572, 0x6462_6720, 0x7472_6163, 0x7363_6673, 0x6265_6570]

    /// glibc's `fstatfs`, which Swift's Glibc module does not import
    /// (`<sys/vfs.h>` is not in it); looked up once.
    private static let fstatfsFunction: (@convention(c) (Int32, UnsafeMutableRawPointer) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fstatfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutableRawPointer) -> Int32).self)
    }()

    /// `f_type` of the file system `fd` is on: the first member of
    /// `struct statfs`, a `__fsword_t` (a C `long`, Swift's `Int` on
    /// Linux), in a buffer larger than the struct (120 bytes on 64-bit).
    private static func fileSystemType(_ fd: Int32) -> Int? {
        guard let fstatfsFunction else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { buffer.deallocate() }
        guard fstatfsFunction(fd, buffer) == 0 else { return nil }
        return buffer.load(as: Int.self)
    }

    /// `bytes` as text, cut before ``maximumLineBytes`` without splitting
    /// a UTF-8 sequence.
    static func cut(_ bytes: [UInt8]) -> String {
        var end = min(bytes.count, maximumLineBytes)
        // Back over continuation bytes to the start of the cut character.
        if end < bytes.count { while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 } }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }
}
