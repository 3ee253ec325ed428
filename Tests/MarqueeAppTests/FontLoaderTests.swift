import Foundation
import Testing
import MarqueeCore
@testable import MarqueeApp
import TestSupport

@Suite("Font loading from files")
struct FontLoaderTests {
    static let fixtures = FixturePaths.fonts

    @Test("a BDF file loads by content and a .hex file by extension")
    func loads() throws {
        let bdf = try FontLoader.loadFont(path: Self.fixtures.appendingPathComponent("tiny.bdf").path)
        #expect(bdf.ascent == 7)
        #expect(bdf.glyph(for: " ")?.advance == 3)
        let hex = try FontLoader.loadFont(path: Self.fixtures.appendingPathComponent("tiny.hex").path)
        #expect(hex.glyph(for: "日")?.advance == 16)
    }

    @Test("errors name the path as the user gave it")
    func parseErrorNamesPath() {
        let path = Self.fixtures.appendingPathComponent("bbx-mismatch.bdf").path
        let error = #expect(throws: FontError.self) { _ = try FontLoader.loadFont(path: path) }
        #expect(error?.description == "\(path):9: BBX height 7 does not match 3 bitmap rows")
    }

    @Test("a missing file or a directory is a clear read error")
    func unreadable() {
        let missing = #expect(throws: FontError.self) { _ = try FontLoader.loadFont(path: "/nonexistent/font.bdf") }
        #expect(missing?.kind == .unreadable)
        #expect(missing?.description == "/nonexistent/font.bdf: cannot read font: No such file or directory")
        let directory = #expect(throws: FontError.self) { _ = try FontLoader.loadFont(path: "/") }
        #expect(directory?.description == "/: cannot read font: Is a directory")
    }

    @Test("a FIFO or a device is refused before a byte is read: a FIFO hung the start, waiting for a writer", arguments: ["/dev/zero", "/dev/null", "fifo"])
    func notRegular(name: String) throws {
        var path = name
        var directory: String?
        if name == "fifo" {
            var template = Array("/tmp/ledmarquee-font-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
            directory = String(cString: made)
            path = directory! + "/font.bdf"
            #expect(mkfifo(path, 0o600) == 0)
        }
        defer { if let directory { unlink(path); rmdir(directory) } }
        let error = #expect(throws: FontError.self) { _ = try FontLoader.loadFont(path: path) }
        #expect(error?.kind == .unreadable)
        #expect(error?.description == "\(path): cannot read font: not a regular file")
    }
}
