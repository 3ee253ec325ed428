import Foundation
import Testing
import TestSupport
@testable import MarqueeCore

@Suite("Built-in LED font")
struct LEDFontTests {
    @Test("covers printable ASCII and Latin-1 with an 11-row line box")
    func coverage() {
        let font = LEDFont.builtIn
        #expect(font.ascent == 9 && font.descent == 2)
        let required = Array(0x20...0x7E) + Array(0xA0...0xFF)
        for value in required {
            let glyph = font.glyph(for: Unicode.Scalar(UInt32(value))!)
            #expect(glyph != nil, "missing U+\(String(value, radix: 16))")
            #expect(glyph?.height == 11)
            #expect((glyph?.advance ?? 0) >= 2)
        }
    }

    @Test("letters are drawn: A has lit pixels in the capital band, space has none")
    func drawnGlyphs() throws {
        let font = LEDFont.builtIn
        let a = try #require(font.glyph(for: "A"))
        let litRows = (0..<a.height).filter { row in (0..<a.advance).contains { a.isLit(x: $0, row: row) } }
        #expect(litRows == Array(2...8))
        #expect(a.columns.last == 0, "one unlit spacing column")
        let space = try #require(font.glyph(for: " "))
        #expect(space.columns.allSatisfy { $0 == 0 })
        let g = try #require(font.glyph(for: "g"))
        #expect((0..<g.advance).contains { g.isLit(x: $0, row: 10) }, "g descends below the baseline")
    }

    @Test("the tables compiled into the binary are Resources/led-font.txt, parsed")
    func builtInIsTheResource() throws {
        let url = FixturePaths.repository.appendingPathComponent("Resources/led-font.txt")
        let parsed = try LEDFont(parsing: String(contentsOf: url, encoding: .utf8))
        let font = LEDFont.builtIn
        #expect(font.ascent == parsed.ascent && font.descent == parsed.descent)
        #expect(font.coverage == parsed.coverage)
        #expect(font.coverage.count > 200)
        for scalar in parsed.coverage {
            #expect(font.glyph(for: scalar) == parsed.glyph(for: scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("the parser rejects broken font text with the line number", arguments: [
        ("U+0041\n#\n", 1),
        ("ascent 1\ndescent 0\nU+0041\n#x\n", 4),
        ("ascent 1\ndescent 1\nU+0041\n#\n", 3),
        ("ascent 1\ndescent 0\nU+0041\n#\nU+0041\n#\n", 5),
        ("ascent 1\ndescent 0\nU+ZZ\n", 3),
        ("ascent 99\n", 1),
        ("ascent 2\ndescent 0\nU+0041\n##\n#\n", 3),
        ("hello\n", 1),
    ])
    func hostile(text: String, line: Int) {
        #expect(throws: LEDFont.ParseError.self) { try LEDFont(parsing: text) }
        do {
            _ = try LEDFont(parsing: text)
        } catch {
            #expect(error.line == line)
        }
    }
}
