import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// The file an export writes (docs/export.md, "Writing the file"): only a
/// regular file or a new name is a target, the bytes go to a temporary
/// file renamed into place when whole, and a write error leaves nothing.
@Suite("Export file")
struct ExportFileTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ledmarquee-export-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The message of the failure `body` throws; nil when it throws none.
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let failure as Platform.Failure {
            return failure.message
        } catch {
            return "not a Platform.Failure: \(error)"
        }
    }

    @Test("a directory, a FIFO and a device are refused without being opened (a FIFO does not block)")
    func notRegular() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.gif").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Self.failure { _ = try ExportFile(path: directory.path) } == "cannot write '\(directory.path)': is a directory")
        #expect(Self.failure { _ = try ExportFile(path: fifo) }
            == "cannot write '\(fifo)': is not a regular file (a FIFO, socket or device)")
        #expect(Self.failure { _ = try ExportFile(path: "/dev/full") }
            == "cannot write '/dev/full': is not a regular file (a FIFO, socket or device)")
        #expect(Self.failure { _ = try ExportFile(path: directory.path + "/missing/x.gif") }
            == "cannot write '\(directory.path)/missing/x.gif': No such file or directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pipe.gif"])
    }

    @Test("the bytes appear under the name only at the commit, in a file of mode 0666 less the umask")
    func commit() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("sign.png").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        var file = try ExportFile(path: target)
        try file.write(Array("new".utf8))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        #expect(file.temporary.hasPrefix(directory.path + "/.sign.png.") && file.temporary.hasSuffix(".tmp"))
        try file.commit()
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        let mask = umask(0)
        umask(mask)
        var status = stat()
        #expect(stat(target, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o666 & ~mask)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sign.png"])
    }

    /// Runs `write` on a new export file for `name` whose descriptor is
    /// /dev/full (every write fails with ENOSPC, as on a full disk), then
    /// abandons the file; returns the failure's message and what is left
    /// in the directory.
    static func onFullDisk(_ name: String, _ write: (ExportFile) throws -> Void) throws -> (message: String?, left: [String]) {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var file = try ExportFile(path: directory.appendingPathComponent(name).path)
        let device = open("/dev/full", O_WRONLY)
        dup2(device, file.descriptor)
        close(device)
        let message = failure { try write(file) }
        file.abandon()
        return (message?.replacingOccurrences(of: directory.path + "/", with: ""),
                try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    @Test("a full disk while giflib writes: one line with the reason; abandoned, nothing is left")
    func gifFull() throws {
        let palette = ExportPalette(color: .rainbow, brightness: 1)
        let (message, left) = try Self.onFullDisk("sign.gif") { file in
            let writer = try GIFWriter(file: file, width: 64, height: 64, palette: palette)
            var image = IndexedImage(width: 64, height: 64)
            for frame in 0..<20 {
                image[frame, frame] = 5
                do throws(Platform.Failure) {
                    try writer.add(image, palette: palette, delay: 2)
                } catch {
                    writer.abandon()
                    throw error
                }
            }
            try writer.finish()
        }
        #expect(message == "cannot write 'sign.gif': No space left on device")
        #expect(left.isEmpty)
    }

    @Test("a full disk while libpng writes: one line with the reason; abandoned, nothing is left")
    func pngFull() throws {
        let (message, left) = try Self.onFullDisk("sign.png") { file in
            try PNGWriter.write(IndexedImage(width: 300, height: 300), palette: ExportPalette(color: .rainbow, brightness: 1), to: file)
        }
        #expect(message == "cannot write 'sign.png': No space left on device")
        #expect(left.isEmpty)
    }

    @Test("a full disk when the WebP is written out: one line with the reason; abandoned, nothing is left")
    func webpFull() throws {
        let palette = ExportPalette(color: LEDColor(parsing: "green")!, brightness: 1)
        let (message, left) = try Self.onFullDisk("sign.webp") { file in
            let writer = try WebPWriter(file: file, width: 64, height: 64, palette: palette)
            var image = IndexedImage(width: 64, height: 64)
            for frame in 0..<5 {
                image[frame, frame] = 5
                try writer.add(image, palette: palette, delay: 20)
            }
            try writer.finish()
        }
        #expect(message == "cannot write 'sign.webp': No space left on device")
        #expect(left.isEmpty)
    }
}
