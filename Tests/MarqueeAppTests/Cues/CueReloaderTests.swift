import Foundation
import Testing
@testable import MarqueeApp
@testable import MarqueeCore

@Suite("Cue reloader")
struct CueReloaderTests {
    @Test("a file gone or broken keeps the previous cues and says so, naming the file first")
    func failure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reloader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cues.txt").path
        try "ONE\nTWO\n".write(toFile: path, atomically: false, encoding: .utf8)
        let reloader = CueReloader(path: path) { path throws(Platform.Failure) in
            try Program.loadCueFile(path, seconds: 5, regularFileOnly: true).cues
        }
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
