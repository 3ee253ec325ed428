import Foundation

/// Debian's console fonts as installed by `console-setup-linux`
/// (scripts/install-deps.sh installs it): the files, and their Unicode
/// tables read through `gzip -dc`.
enum ConsoleFonts {
    static let directory = "/usr/share/consolefonts"
    /// The font console-setup configures by default (charmap UTF-8, Fixed, 16).
    static let defaultFont = "Uni2-Fixed16.psf.gz"

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// Every font of the families the sign must suit: `Uni2-*` (console-setup's
    /// choice for a UTF-8 locale, the default among them) and `Lat15-*` (its
    /// choice for Western European languages), in every face and size.
    static func signFonts() throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard names.contains(defaultFont) else {
            throw Missing(description: "\(directory)/\(defaultFont) is missing: install the console fonts "
                          + "(apt-get install console-setup-linux; scripts/install-deps.sh does)")
        }
        return names.filter { ($0.hasPrefix("Uni2-") || $0.hasPrefix("Lat15-")) && $0.hasSuffix(".psf.gz") }.sorted()
    }

    /// The characters font `name` can draw.
    static func characters(of name: String) throws -> Set<Unicode.Scalar> {
        try PSFUnicodeTable(psf: gunzip(directory + "/" + name)).characters
    }

    private static func gunzip(_ path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Missing(description: "gzip -dc \(path) exited with status \(process.terminationStatus)")
        }
        return Array(data)
    }
}
