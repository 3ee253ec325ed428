import Foundation
import Testing
@testable import MarqueeApp
@testable import MarqueeCore

@Suite("Cue reloader")
struct CueReloaderTests {
    static func reloader(_ path: String, read: @escaping (String) throws(Platform.Failure) -> [UInt8] = { path throws(Platform.Failure) in
        try Platform.readBounded(path, limit: Program.maximumCueFileBytes, regularFileOnly: true)
    }) -> CueReloader {
        CueReloader(path: path, read: read) { bytes throws(Platform.Failure) in
            let result = try Program.parseCueFile(bytes, path: path, seconds: 5)
            return (result.cues, result.zones)
        }
    }

    static func scratch() throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reloader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent("cues.txt").path)
    }

    @Test("a read that failed is tried again at the next check though the file did not change, and said once")
    func retry() throws {
        let (directory, path) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "ONE\n".write(toFile: path, atomically: false, encoding: .utf8)
        // The reads a process out of descriptors (or denied the file) sees.
        var failures = ["Too many open files", "Too many open files", "Permission denied"]
        let reloader = Self.reloader(path) { path throws(Platform.Failure) in
            if !failures.isEmpty { throw Platform.Failure(message: "\(path): cannot read cue file: \(failures.removeFirst())", status: 1) }
            return try Platform.readBounded(path, limit: Program.maximumCueFileBytes, regularFileOnly: true)
        }
        try "TWO\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(reloader.check() == .failed("cues.txt: reload failed, kept the previous cues: cannot read cue file: Too many open files"))
        #expect(reloader.check() == .unchanged, "tried again, failed the same way: not said again")
        #expect(reloader.check() == .failed("cues.txt: reload failed, kept the previous cues: cannot read cue file: Permission denied"),
                "a new reason is said")
        #expect(reloader.check() == .changed([Cue(text: "TWO", seconds: 5)]), "read at last, with no change to the file")
        #expect(reloader.check() == .unchanged)
    }

    @Test("content that cannot be parsed is not read again until the file changes")
    func parseFailureWaits() throws {
        let (directory, path) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "ONE\n".write(toFile: path, atomically: false, encoding: .utf8)
        var reads = 0
        let reloader = Self.reloader(path) { path throws(Platform.Failure) in
            reads += 1
            return try Platform.readBounded(path, limit: Program.maximumCueFileBytes, regularFileOnly: true)
        }
        try "\u{FF}\n\n".write(toFile: path, atomically: false, encoding: .isoLatin1)
        guard case .failed = reloader.check() else { Issue.record("invalid UTF-8 is a failure"); return }
        #expect(reloader.check() == .unchanged && reloader.check() == .unchanged && reads == 1)
    }

    @Test("a file gone or broken keeps the previous cues and says so, naming the file first")
    func failure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reloader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cues.txt").path
        try "ONE\nTWO\n".write(toFile: path, atomically: false, encoding: .utf8)
        let reloader = Self.reloader(path)
        #expect(reloader.check() == .unchanged)
        #expect(unlink(path) == 0)
        guard case .failed(let message) = reloader.check() else {
            Issue.record("a deleted file is a failure")
            return
        }
        #expect(message == "cues.txt: reload failed, kept the previous cues: cannot read cue file: No such file or directory",
                "the path is said once, as the name: \(message)")
        #expect(reloader.check() == .unchanged, "said once, not at every check")
        try "THREE\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(reloader.check() == .changed([Cue(text: "THREE", seconds: 5)]))
    }
}
