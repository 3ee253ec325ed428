#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MarqueeCore

/// Reads font files for `--font` and the Unifont fallback; the only place
/// fonts touch the file system. Parsing is MarqueeCore's ``FontFile``.
enum FontLoading {
    /// Where Debian's `unifont` package installs the font used for glyphs
    /// the current font lacks.
    static let systemUnifontPath = "/usr/share/unifont/unifont.hex"

    /// Largest font file read. The full Unifont is under 4 MB; a bound keeps
    /// a mistaken `--font /dev/zero` or a huge file from eating memory.
    static let maximumFileSize = 64 << 20

    /// Reads and parses the font at `path`; errors name the path as given.
    ///
    /// ```swift
    /// let font = try FontLoading.loadFont(path: "fonts/6x13.bdf")
    /// ```
    static func loadFont(path: String) throws(FontError) -> any FontFace {
        try FontFile.parse(bytes: try readBytes(path: path), name: path)
    }

    /// Reads the whole file in chunks, refusing more than
    /// ``maximumFileSize`` bytes; works for pipes and devices, whose size
    /// `stat` cannot tell in advance.
    static func readBytes(path: String) throws(FontError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError(path) }
        defer { close(descriptor) }
        let chunkSize = 1 << 20
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            bytes.reserveCapacity(min(Int(status.st_size), maximumFileSize + 1))
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maximumFileSize {
                throw FontError(
                    file: path, line: nil, kind: .tooLarge,
                    detail: "font file is larger than \(maximumFileSize >> 20) MB")
            }
        }
    }

    private static func systemError(_ path: String) -> FontError {
        FontError(file: path, line: nil, kind: .unreadable, detail: "cannot read font: \(String(cString: strerror(errno)))")
    }
}
