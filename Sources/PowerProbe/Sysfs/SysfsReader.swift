#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Read-only access to a sysfs tree rooted anywhere (`/sys`, or a fixture
/// directory in tests). Every file the power probe touches goes through it.
///
/// sysfs attributes are tiny one-value files, so anything larger than
/// ``maxAttributeBytes`` is refused rather than read: a wrong `--sysfs-root`
/// pointing at big files must never make a reading slow or memory-hungry.
/// Symbolic links are followed, because the real `/sys/class/*` entries are
/// links into `/sys/devices`.
///
/// ```swift
/// let sys = SysfsReader(root: "/sys")
/// sys.text("class/thermal/thermal_zone0/temp")   // "48700"
/// sys.entries("class/power_supply")               // ["AC", "BAT0"]
/// ```
public struct SysfsReader: Sendable {
    /// The largest attribute accepted; sysfs pages are 4 KiB.
    public static let maxAttributeBytes = 4096

    /// The directory that stands for `/sys`.
    public let root: String
    /// What the reads since the probe last looked could and could not reach.
    public let access = SysfsAccessLog()

    public init(root: String) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// The file's contents with surrounding whitespace (and the NUL padding
    /// some firmware attributes carry) removed, or `nil` when the file is
    /// missing, not a regular file, unreadable, larger than
    /// ``maxAttributeBytes``, not UTF-8, or blank: an attribute with nothing
    /// in it says nothing, and must not be taken for a value.
    public func text(_ relativePath: String) -> String? {
        // O_NONBLOCK: a FIFO planted in a fixture tree must not hang the probe.
        let fd = open(path(relativePath), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            access.failed(relativePath, code: errno)
            return nil
        }
        defer { close(fd) }
        access.readable(relativePath)

        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }

        // One byte of slack tells "exactly 4 KiB" apart from "more than that".
        var buffer = [UInt8](repeating: 0, count: Self.maxAttributeBytes + 1)
        var filled = 0
        while filled < buffer.count {
            let got = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + filled, raw.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return nil  // sysfs reports sensor faults as read errors (EIO, ENODATA)
            }
            if got == 0 { break }
            filled += got
        }
        guard filled <= Self.maxAttributeBytes,
              let decoded = String(validating: buffer[..<filled], as: UTF8.self) else { return nil }
        let value = Self.trimmed(decoded)
        return value.isEmpty ? nil : value
    }

    /// The names inside a directory, sorted, without `.`/`..` and hidden
    /// names (sysfs has none; fixture trees use `.gitkeep` to keep empty
    /// directories in git). Empty when the directory is missing or unreadable.
    public func entries(_ relativeDir: String) -> [String] {
        guard let dir = opendir(path(relativeDir)) else {
            access.failed(relativeDir, code: errno)
            return []
        }
        defer { closedir(dir) }
        access.readable(relativeDir)
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The absolute path of a sysfs-relative one.
    public func path(_ relativePath: String) -> String {
        if relativePath.isEmpty { return root }
        return root == "/" ? "/" + relativePath : root + "/" + relativePath
    }

    static func trimmed(_ text: String) -> String {
        let junk: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !junk($0) }),
              let last = scalars.lastIndex(where: { !junk($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
