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

    @Test("an endless device is cut off at the size limit")
    func endlessInput() {
        let error = #expect(throws: FontError.self) { _ = try FontLoader.readBytes(path: "/dev/zero") }
        #expect(error?.kind == .tooLarge)
        #expect(error?.description == "/dev/zero: cannot read font: larger than 64 MB")
    }

    @Test("an empty file is reported as empty")
    func emptyDevice() {
        let error = #expect(throws: FontError.self) { _ = try FontLoader.loadFont(path: "/dev/null") }
        #expect(error?.description == "/dev/null: file is empty")
    }
}
