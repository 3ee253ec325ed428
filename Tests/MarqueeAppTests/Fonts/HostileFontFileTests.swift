import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp
import TestSupport

/// A font file is hostile input (docs/limits.md): damaged,
/// truncated, huge, a device, a FIFO or a directory, `--font` says so in
/// one line naming the file and never hangs; a font whose numbers are
/// absurd is drawn within bounds.
@Suite("Hostile font files")
struct HostileFontFileTests {
    /// A scratch folder of its own under /tmp, removed by `body`'s end.
    static func inScratch<T>(_ body: (URL) throws -> T) throws -> T {
        var template = Array("/tmp/ledmarquee-fonts-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        let directory = URL(fileURLWithPath: String(cString: made))
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: FixturePaths.font(name)))
    }

    /// `--font`'s error for the file `name` holding `bytes`.
    static func error(_ bytes: [UInt8], name: String) throws -> FontError? {
        try inScratch { directory -> FontError? in
            let path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try FontLoader.font(named: path)
                return nil
            } catch let error as FontError {
                // The path as given comes first: compare what follows it.
                #expect(error.description.hasPrefix(path + ":"), "\(error)")
                return FontError(file: name, line: error.line, kind: error.kind, detail: error.detail)
            }
        }
    }

    @Test("a truncated or damaged TrueType, OTB or PCF font is one line saying so, not the BDF reader's guess")
    func damaged() throws {
        let ttf = try Self.fixture("tiny.ttf"), otb = try Self.fixture("tiny.otb"), pcf = try Self.fixture("tiny.pcf")
        var scrambled = ttf
        for offset in 12..<min(76, ttf.count) { scrambled[offset] = 0xFF }  // the table directory
        let cases: [(String, [UInt8], String)] = [
            ("cut.ttf", Array(ttf.prefix(200)), "damaged or truncated TrueType or OpenType font: FreeType cannot read it"),
            ("scrambled.ttf", scrambled, "damaged or truncated TrueType or OpenType font: FreeType cannot read it"),
            ("cut.otb", Array(otb.prefix(100)), "damaged or truncated TrueType or OpenType font: FreeType cannot read it"),
            ("cut.pcf", Array(pcf.prefix(60)), "damaged or truncated PCF font: FreeType cannot read it"),
        ]
        for (name, bytes, detail) in cases {
            let error = try #require(try Self.error(bytes, name: name), "\(name) opened")
            #expect(error.kind == .damaged, "\(name)")
            #expect(error.detail.hasPrefix(detail), "\(name): \(error.detail)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a file no reader knows, or an empty one, gets the text readers' reason")
    func notAFont() throws {
        let junk = try #require(try Self.error(Array("hello\u{1B}[2J".utf8), name: "junk.ttf"))
        #expect(junk.description == #"junk.ttf:1: not a BDF or .hex font (it starts "hello\x1B[2J")"#)
        let empty = try #require(try Self.error([], name: "empty.otf"))
        #expect(empty.description == "empty.otf: file is empty")
        let cutBDF = try #require(try Self.error(Array(try Self.fixture("tiny.bdf").prefix(300)), name: "cut.bdf"))
        #expect(cutBDF.kind == .truncated, "\(cutBDF)")
    }

    @Test("/dev/zero, a directory and a FIFO are refused before FreeType reads a byte: a FIFO would hang the start",
          arguments: ["/dev/zero", "directory", "fifo"])
    func notRegular(name: String) throws {
        try Self.inScratch { directory in
            var path = name
            if name == "fifo" {
                path = directory.appendingPathComponent("font.ttf").path
                #expect(mkfifo(path, 0o600) == 0)
            } else if name == "directory" {
                path = directory.appendingPathComponent("font.otf").path
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
            let reason = name == "directory" ? "Is a directory" : "not a regular file"
            let error = #expect(throws: FontError.self) { _ = try FontLoader.font(named: path) }
            #expect(error?.description == "\(path): cannot read font: \(reason)")
            #expect(error?.kind == .unreadable)
            let direct = #expect(throws: FontError.self) { _ = try FreeTypeFace(path: path, lineHeight: 16) }
            #expect(direct?.description == "\(path): cannot read font: \(reason)")
        }
    }

    @Test("a font file over 64 MB is refused by its size, before it is mapped")
    func tooLarge() throws {
        try Self.inScratch { directory in
            let path = directory.appendingPathComponent("big.ttf").path
            // Sparse: no disk is used for the cap's worth of zeros.
            let fd = open(path, O_CREAT | O_WRONLY, 0o600)
            #expect(fd >= 0 && ftruncate(fd, off_t(FontLoader.maximumFileSize + 1)) == 0)
            close(fd)
            let error = #expect(throws: FontError.self) { _ = try FontLoader.font(named: path) }
            #expect(error?.description == "\(path): cannot read font: larger than 64 MB")
            #expect(error?.kind == .tooLarge)
        }
    }

    @Test("absurd metrics are bounded: a 65,535-unit advance, an outline 16,000 units out, a line of one unit",
          arguments: [7, 16, 64])
    func hostileMetrics(lineHeight: Int) throws {
        let face = try FreeTypeFace(path: FixturePaths.font("hostile.ttf").path, lineHeight: lineHeight)
        #expect(face.ascent + face.descent <= face.lineHeight && face.lineHeight == lineHeight)
        let wide = try #require(face.glyph(for: "W"))
        #expect(wide.advance == FreeTypeFace.maximumAdvance, "held to the cap")
        #expect(face.glyph(for: "X") == nil, "an outline far larger than a sign is not drawn")
        #expect(abs(face.kerning("A", "V")) <= FreeTypeFace.maximumAdvance)
        #expect(abs(face.kerning("V", "A")) <= FreeTypeFace.maximumAdvance)
        let layout = TextLayout(text: "AVAW", font: face)
        #expect(layout.width <= 4 * FreeTypeFace.maximumAdvance + Glyph.maximumHeight * 3)
    }

    @Test("a face opened from bytes in memory draws what the file draws")
    func fromMemory() throws {
        for name in ["tiny.ttf", "tiny-cff.otf", "tiny.otb", "tiny.pcf"] {
            let file = try FreeTypeFace(path: FixturePaths.font(name).path, lineHeight: 16)
            let memory = try FreeTypeFace(bytes: try Self.fixture(name), name: name, lineHeight: 16)
            for scalar in "AVTo日\u{1F600}".unicodeScalars {
                #expect(file.glyph(for: scalar) == memory.glyph(for: scalar), "\(name) \(scalar)")
            }
            #expect(file.glyph(for: "A") != nil, "\(name)")
            #expect(memory.resized(lineHeight: 32)?.lineHeight == (file.isScalable ? 32 : max(32, file.ascent + file.descent)))
        }
        #expect(throws: FontError.self) { _ = try FreeTypeFace(bytes: Array("junk".utf8), name: "junk", lineHeight: 16) }
    }

    @Test("a bitmap font's smallest strike taller than asked is drawn whole, and says so in its line height")
    func strikes() throws {
        let small = try FreeTypeFace(path: FixturePaths.font("tiny.otb").path, lineHeight: 7)
        #expect(!small.isScalable)
        #expect(small.ascent == 7 && small.descent == 2 && small.lineHeight == 9)
        let tall = try FreeTypeFace(path: FixturePaths.font("tiny.otb").path, lineHeight: 32)
        #expect(tall.ascent + tall.descent == 9 && tall.lineHeight == 32)
    }
}
