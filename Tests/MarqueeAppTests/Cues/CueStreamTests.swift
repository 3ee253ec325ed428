import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Cue stream")
struct CueStreamTests {
    func stream(_ format: CueInputFormat = .auto) -> CueStream {
        CueStream(name: "standard input", seconds: 5, format: format)
    }

    @Test("lines follow the cue file's rules: blanks and # comments skipped, trailing space trimmed")
    func lines() throws {
        var stream = stream()
        let batch = try stream.feed(Array("\n# note\nON AIR  \r\n   \nBUILD".utf8))
        let end = try stream.finish()
        #expect(batch.cues.map(\.text) == ["ON AIR"])
        #expect(end.cues.map(\.text) == ["BUILD"])
    }

    @Test("auto: a first non-blank [ is a deck, read whole at the end")
    func autoDeck() throws {
        var stream = stream()
        let start = try stream.feed(Array(" \n  [\"A\",".utf8))
        let isDeck = stream.isDeck
        let more = try stream.feed(Array(" {\"text\": \"B\"}]".utf8))
        let end = try stream.finish()
        #expect(start.cues.isEmpty && more.cues.isEmpty && isDeck)
        #expect(end.cues.map(\.text) == ["A", "B"])
    }

    @Test("lines: a [ is text; json: lines are a deck error")
    func forced() throws {
        var lines = stream(.lines)
        let text = try lines.feed(Array("[not a deck]\n".utf8))
        #expect(text.cues.map(\.text) == ["[not a deck]"])
        var json = stream(.json)
        _ = try json.feed(Array("HELLO\n".utf8))
        var failed = false
        do { _ = try json.finish() } catch { failed = true }
        #expect(failed)
    }

    @Test("a long line is cut with a note; invalid UTF-8 and NUL lines are skipped with a note naming the line")
    func hostileLines() throws {
        var stream = stream()
        var bytes = Array(repeating: UInt8(ascii: "x"), count: 1_048_576) + [10]
        bytes += [0xC3, 0x28, 10] + Array("A\u{0}B\n".utf8) + Array("OK\n".utf8)
        let batch = try stream.feed(bytes)
        #expect(batch.cues.map(\.text.utf8.count) == [CueFileParser.maximumLineBytes, 2])
        #expect(batch.notes == [
            "standard input:1: line cut to 65536 bytes",
            "standard input:2: line skipped: not valid UTF-8 text",
            "standard input:3: line skipped: it contains NUL bytes",
        ])
    }

    @Test("escape sequences in a line never reach the sign raw")
    func escapes() throws {
        var stream = stream()
        let batch = try stream.feed(Array("\u{1B}]0;pwned\u{7}RED\u{1B}[2J\n".utf8))
        let cue = try #require(batch.cues.first)
        #expect(!cue.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("notes are bounded: a feed of garbage says so once and then stops")
    func notesBounded() throws {
        var stream = stream()
        let batch = try stream.feed(Array(repeating: [0xFF, 10], count: 10_000).flatMap { $0 })
        #expect(batch.notes.count == CueStream.maximumNotes)
        #expect(batch.notes.last == "standard input: 100 notes said; no more about this input")
    }

    @Test("a deck on standard input has a cue file's size bound")
    func deckBound() throws {
        var stream = stream(.json)
        let chunk = Array(repeating: UInt8(ascii: " "), count: 1_048_576)
        var failure: CueFileParser.ParseError?
        do {
            for _ in 0...Program.maximumCueFileBytes / chunk.count { _ = try stream.feed(chunk) }
        } catch {
            failure = error
        }
        #expect(failure?.message == "standard input: cannot read cue file: larger than 16 MB")
    }
}
