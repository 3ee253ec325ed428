import Foundation
import Glibc
import Testing
@testable import MarqueeApp

/// Bounded reads: the reloader's reads run on the event loop, so a FIFO or a
/// device must be refused without waiting, and a huge file before a byte is read.
@Suite("Bounded reads")
struct PlatformReadTests {
    /// A scratch folder, removed after the test.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("platform-read-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    @Test("a FIFO is refused at once where only a regular file will do")
    func fifo() throws {
        let folder = try Folder()
        let path = folder.path("cues.txt")
        #expect(mkfifo(path, 0o600) == 0)
        let started = ContinuousClock.now
        #expect(throws: Platform.ReadError.notRegularFile) {
            _ = try Platform.readAll(path, limit: 1 << 20, dashIsStandardInput: true, regularFileOnly: true)
        }
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    @Test("a 2 GB sparse file is refused as too large before it is read")
    func sparse() throws {
        let folder = try Folder()
        let path = folder.path("huge.txt")
        let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        #expect(ftruncate(fd, 2 << 30) == 0)
        close(fd)
        for regular in [false, true] {
            #expect(throws: Platform.ReadError.tooLarge) {
                _ = try Platform.readAll(path, limit: 16 << 20, dashIsStandardInput: false, regularFileOnly: regular)
            }
        }
    }

    @Test("a directory is refused; a regular file reads whole")
    func directoryAndFile() throws {
        let folder = try Folder()
        #expect(throws: Platform.ReadError.directory) {
            _ = try Platform.readAll(folder.url.path, limit: 1 << 20, dashIsStandardInput: false, regularFileOnly: true)
        }
        let path = folder.path("cues.txt")
        try Data("ON AIR\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Platform.readAll(path, limit: 1 << 20, dashIsStandardInput: false, regularFileOnly: true) == Array("ON AIR\n".utf8))
    }
}
