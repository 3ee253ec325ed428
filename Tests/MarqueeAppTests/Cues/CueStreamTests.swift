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

    @Test("auto: a log whose lines begin with [ is text at once, its first line shown before any more comes")
    func autoLogLines() throws {
        var stream = stream()
        let first = try stream.feed(Array("[12:00:01] checkout ok\n[INFO] tests".utf8))
        #expect(first.cues.map(\.text) == ["[12:00:01] checkout ok"])
        #expect(first.choice == CueStream.Choice(source: "standard input", format: .lines,
                                                  reason: "the first line is not the start of a JSON deck"))
        #expect(!stream.isDeck && !stream.isUndecided)
        let more = try stream.feed(Array(" pass\n".utf8))
        #expect(more.cues.map(\.text) == ["[INFO] tests pass"] && more.choice == nil)
        var plain = self.stream()
        #expect(try plain.feed(Array("  \nBUILD OK\n".utf8)).choice?.format == .lines)
    }

    @Test("auto: a deck is read when its value ends its line, not at the end of input; what follows is noted once")
    func autoDeckAtItsLine() throws {
        var stream = stream()
        let start = try stream.feed(Array("[\n  \"A\",\n".utf8))
        #expect(start.cues.isEmpty && start.choice == nil && stream.isUndecided)
        let end = try stream.feed(Array("  {\"text\": \"B\"}\n]  \nmore text\n".utf8))
        #expect(end.cues.map(\.text) == ["A", "B"])
        #expect(end.choice?.format == .json)
        #expect(end.notes == ["standard input: text after the deck is ignored (one deck per input; --format lines reads lines)"])
        let later = try stream.feed(Array("and more\n".utf8))
        #expect(later.cues.isEmpty && later.notes.isEmpty)
        #expect(try stream.finish() == CueStream.Batch())
    }

    @Test("auto: a JSON value with text after it on its line is a line of text")
    func autoValueThenText() throws {
        var stream = stream()
        let batch = try stream.feed(Array("[1] item\n[2] item\n".utf8))
        #expect(batch.cues.map(\.text) == ["[1] item", "[2] item"])
        #expect(batch.choice?.reason == "text follows the JSON value on its line")
    }

    @Test("auto: a [ that stalls is text when the caller's silence ends; a deck already read is not")
    func autoStalls() throws {
        var stream = stream()
        let held = try stream.feed(Array("[\"STALL\",\n".utf8))
        #expect(held.cues.isEmpty && stream.isUndecided)
        let decided = stream.decideLines()
        #expect(decided.cues.map(\.text) == ["[\"STALL\","])
        #expect(decided.choice?.format == .lines && !stream.isUndecided)
        #expect(stream.decideLines() == CueStream.Batch())
        var deck = self.stream()
        _ = try deck.feed(Array("[\"A\"]\n".utf8))
        #expect(deck.decideLines() == CueStream.Batch())
    }

    @Test("auto: what is read does not depend on how the input was cut into reads")
    func autoAnySplit() throws {
        let inputs = ["[12:00:01] up\n[12:00:02] down\n", "[\"A\", {\"text\": \"B\"}]\nX\n", "[1] x\n", "\n\n[\n\"Q\"\n]\n"]
        for input in inputs {
            let bytes = Array(input.utf8)
            var whole = stream()
            var expected = try whole.feed(bytes)
            let end = try whole.finish()
            expected.cues += end.cues
            // A terminal's standard input, read whole, is judged the same way.
            #expect(CueInputFormat.auto.isDeck(bytes) == (expected.choice?.format == .json), "\(input)")
            for size in 1...4 {
                var pieces = stream()
                var cues: [Cue] = []
                var choices: [CueStream.Choice] = []
                for start in stride(from: 0, to: bytes.count, by: size) {
                    let batch = try pieces.feed(bytes[start..<min(bytes.count, start + size)])
                    cues += batch.cues
                    choices += batch.choice.map { [$0] } ?? []
                }
                cues += try pieces.finish().cues
                #expect(cues == expected.cues, "\(input) in reads of \(size)")
                #expect(choices == [expected.choice].compactMap { $0 }, "\(input) in reads of \(size)")
            }
        }
    }

    @Test("auto: a deck that is still open at the end of input is the deck parser's error, as for a file")
    func autoOpenAtEnd() throws {
        var stream = stream()
        _ = try stream.feed(Array("[\"A\",".utf8))
        var failed = false
        do { _ = try stream.finish() } catch { failed = true }
        #expect(failed)
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
