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

    /// The whole file, at most ``maximumFileSize`` bytes.
    static func readBytes(path: String) throws(FontError) -> [UInt8] {
        do {
            return try Platform.readAll(path, limit: maximumFileSize, dashIsStandardInput: false)
        } catch {
            switch error {
            case .system(let code): throw unreadable(path, strerror(code))
            case .directory: throw unreadable(path, strerror(EISDIR))
            case .tooLarge:
                throw FontError(file: path, line: nil, kind: .tooLarge, detail: "font file is larger than \(maximumFileSize >> 20) MB")
            }
        }
    }

    private static func unreadable(_ path: String, _ reason: UnsafeMutablePointer<CChar>?) -> FontError {
        FontError(file: path, line: nil, kind: .unreadable, detail: "cannot read font: \(reason.map { String(cString: $0) } ?? "unknown error")")
    }
}
