import Foundation
import Testing
@testable import MarqueeApp

@Suite("JSON prefix scanner")
struct JSONPrefixScannerTests {
    /// The verdict after each byte of `text`, and the offset of the byte
    /// that first gave a verdict other than `.partial` (nil: none did).
    static func scan(_ text: String) -> (verdict: JSONPrefixScanner.Verdict, at: Int?) {
        var scanner = JSONPrefixScanner()
        for (offset, byte) in text.utf8.enumerated() where scanner.feed(byte) != .partial {
            return (scanner.verdict, offset)
        }
        return (scanner.verdict, nil)
    }

    @Test("log lines that begin with [ are told apart from JSON at their first impossible byte",
          arguments: [
              ("[12:00:01] checkout ok", 3), ("[INFO] tests pass", 1), ("[ OK ] done", 2), ("[2024-01-01 12:00] up", 5),
              ("[warn]", 1), ("[1] item", nil), ("[] nothing", nil), ("[\"a\" \"b\"]", 5), ("[1,,2]", 3), ("[1,]", nil), ("[{\"a\": 1,}]", nil), ("[,]", 1), ("[{,}]", 2), ("[01]", 2),
              ("[1.]", 3), ("[-]", 2), ("[1e]", 3), ("[tru]", 4), ("[nul l]", 4), ("[{1:2}]", 2), ("[{\"a\" 1}]", 6),
              ("[\"a\":1]", 4), ("[}", 1), ("[{]", 2), ("[\"\\x\"]", 3), ("[\"\\u12G4\"]", 6), ("[\"tab\there\"]", 5),
              ("[\"line\nend\"]", 6),
          ] as [(String, Int?)])
    func logLines(line: String, invalidAt: Int?) {
        let (verdict, at) = Self.scan(line)
        if let invalidAt {
            #expect(verdict == .invalid && at == invalidAt, "\(line): \(verdict) at \(String(describing: at))")
        } else {
            // A whole value first: the rest of the line decides (CueStream).
            #expect(verdict == .complete, "\(line): \(verdict)")
        }
    }

    @Test("decks, one line or many, are whole exactly at their last byte",
          arguments: [
              "[]", "[\"A\"]", "[\"A\", {\"text\": \"B\", \"seconds\": 3.5e0, \"static\": true, \"color\": null}]",
              "[\n  {\"text\": \"ONE\"},\n  {\"text\": \"TWO\", \"caption\": \"\\\"q\\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u00e9\"}\n]",
              "[-0, 0.5, -12.25E+3, 1e-2, [[[]]], {}, {\"a\": [false, {\"b\": null}]}]", "[\"שלום\", \"日本\", \"🙂\"]",
          ])
    func decks(deck: String) throws {
        #expect(JSONValue.parse(Array(deck.utf8)) != nil, "the case itself is JSON")
        let (verdict, at) = Self.scan(deck)
        #expect(verdict == .complete)
        #expect(at == deck.utf8.count - 1, "whole at byte \(String(describing: at)) of \(deck.utf8.count)")
    }

    @Test("every proper prefix of a deck is still partial, and stays so however it is cut")
    func prefixes() {
        let deck = "[ {\"text\": \"A\\u0041\", \"seconds\": -1.5e+2}, [true, false, null], \"x\" ]"
        for end in 0..<deck.utf8.count {
            var scanner = JSONPrefixScanner()
            for byte in deck.utf8.prefix(end) { scanner.feed(byte) }
            #expect(scanner.verdict == .partial, "prefix of \(end) bytes: \(scanner.verdict)")
        }
    }

    @Test("hostile input: nesting past the limit, bytes after a verdict, control bytes and invalid UTF-8 decide at once")
    func hostile() {
        let deep = String(repeating: "[", count: JSONPrefixScanner.maximumDepth) + "["
        #expect(Self.scan(deep).verdict == .invalid)
        #expect(Self.scan(String(repeating: "[", count: JSONPrefixScanner.maximumDepth)).verdict == .partial)
        // After a verdict the scanner reads nothing more.
        var scanner = JSONPrefixScanner()
        for byte in "[1]".utf8 { scanner.feed(byte) }
        #expect(scanner.feed(UInt8(ascii: "[")) == .complete)
        #expect(Self.scan("[\u{1B}[31m]").verdict == .invalid)
        var bytes = JSONPrefixScanner()
        #expect(bytes.feed(UInt8(ascii: "[")) == .partial && bytes.feed(0xFF) == .invalid)
        // A long string or number holds nothing: constant memory.
        var long = JSONPrefixScanner()
        long.feed(UInt8(ascii: "["))
        long.feed(UInt8(ascii: "\""))
        for _ in 0..<1_000_000 { long.feed(UInt8(ascii: "x")) }
        #expect(long.verdict == .partial)
    }

    @Test("the scanner agrees with the JSON parser on random variations of a deck")
    func agreesWithParser() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("[]{}\":,0123456789-+.eEtrufalsn \n\\u\"xA".utf8)
        let base = Array("[{\"text\": \"A\", \"seconds\": 2.5}, \"B\", [1e3, -0, true, null]]".utf8)
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                // The [ stays: a deck is what auto looks for.
                let index = Int.random(in: 1..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: index)
                }
                if bytes.count < 2 { bytes = base }
            }
            var scanner = JSONPrefixScanner()
            var end: Int?
            for (offset, byte) in bytes.enumerated() where scanner.feed(byte) != .partial {
                end = offset
                break
            }
            let text = String(decoding: bytes, as: UTF8.self)
            // JSONDecoder refuses a zero with an exponent (`0e3`), which
            // RFC 8259 allows and the scanner takes: such a deck is chosen
            // as one and refused by the decoder, with its error.
            if text.contains("0e") || text.contains("0E") { continue }
            // Nor a number past a Double's range (`1e321`, from `1e32` and
            // an inserted digit): JSON's grammar takes it, the decoder
            // refuses it, and the deck is refused with that error.
            if Self.hasLongExponent(text) { continue }
            switch scanner.verdict {
            case .complete:
                // Whole: what came up to it parses, and what follows is not the scanner's.
                #expect(JSONValue.parse(Array(bytes[...end!])) != nil, "complete but not JSON: \(text)")
            case .invalid:
                // Nothing that starts this way is JSON, the input included.
                #expect(JSONValue.parse(bytes) == nil, "invalid but JSON: \(text)")
            case .partial:
                #expect(JSONValue.parse(bytes) == nil, "partial but whole JSON: \(text)")
            }
        }
    }

    /// Whether `text` has an exponent of three digits or more.
    static func hasLongExponent(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            var digits = bytes[(index + 1)...].drop { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            digits = digits.prefix { (48...57).contains($0) }
            if digits.count >= 3 { return true }
        }
        return false
    }
}
