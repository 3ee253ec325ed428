import Testing
@testable import MarqueeApp

@Suite("Line assembler")
struct LineAssemblerTests {
    func texts(_ lines: [LineAssembler.Line]) -> [String] {
        lines.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test("lines split across reads come out whole, numbered, once their newline arrives")
    func pieces() {
        var assembler = LineAssembler()
        let none = assembler.feed(Array("ON".utf8))
        #expect(none.isEmpty)
        let first = assembler.feed(Array("E\nTW".utf8))
        #expect(texts(first) == ["ONE"])
        #expect(first.map(\.number) == [1])
        let rest = assembler.feed(Array("O\n\nTHREE\n".utf8))
        #expect(texts(rest) == ["TWO", "", "THREE"])
        #expect(rest.map(\.number) == [2, 3, 4])
        let end = assembler.finish()
        #expect(end == nil)
    }

    @Test("the last line without a newline comes at the end of input")
    func unterminated() {
        var assembler = LineAssembler()
        _ = assembler.feed(Array("A\nTAIL".utf8))
        let tail = assembler.finish()
        let again = assembler.finish()
        #expect(tail.map { texts([$0]) } == ["TAIL"])
        #expect(again == nil)
    }

    @Test("a line past the bound is cut there and the rest up to its newline dropped, holding at most the bound")
    func bound() {
        var assembler = LineAssembler(limit: 8)
        var lines: [LineAssembler.Line] = []
        for _ in 0..<1_000 {
            lines += assembler.feed(Array(repeating: UInt8(ascii: "x"), count: 1_000))
            #expect(assembler.heldBytes <= 9)
        }
        lines += assembler.feed(Array("yyy\nNEXT\n".utf8))
        #expect(texts(lines) == ["xxxxxxxx", "NEXT"])
        #expect(lines.map(\.wasCut) == [true, false])
        #expect(lines.map(\.number) == [1, 2])
    }

    @Test("a line exactly at the bound is not cut")
    func exactlyAtBound() {
        var assembler = LineAssembler(limit: 4)
        let lines = assembler.feed(Array("abcd\nabcde\n".utf8))
        #expect(texts(lines) == ["abcd", "abcd"])
        #expect(lines.map(\.wasCut) == [false, true])
    }

    @Test("a cut never splits a UTF-8 character")
    func cutKeepsCharacters() {
        var assembler = LineAssembler(limit: 5)
        let lines = assembler.feed(Array("abcd€€\n".utf8))
        #expect(texts(lines) == ["abcd"])
        #expect(String(validating: lines[0].bytes, as: UTF8.self) != nil)
    }

    @Test("an unterminated overlong line at the end is cut, not lost")
    func overlongAtEnd() {
        var assembler = LineAssembler(limit: 3)
        _ = assembler.feed(Array("abcdefgh".utf8))
        let last = assembler.finish()
        #expect(last?.bytes == Array("abc".utf8))
        #expect(last?.wasCut == true)
    }

    @Test("hostile input: NULs, lone newlines, CRs, bytes of every value, in reads of every size")
    func hostile() {
        var bytes: [UInt8] = []
        for value in 0...255 { bytes += [UInt8(value), UInt8(value), 10] }
        bytes += Array(repeating: 10, count: 300) + Array(repeating: 0xFF, count: 70_000) + [10]
        let whole: [LineAssembler.Line] = {
            var assembler = LineAssembler()
            return assembler.feed(bytes) + (assembler.finish().map { [$0] } ?? [])
        }()
        for size in [1, 2, 3, 7, 4_096, 65_537] {
            var assembler = LineAssembler()
            var lines: [LineAssembler.Line] = []
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + size)
                lines += assembler.feed(bytes[index..<end])
                #expect(assembler.heldBytes <= CueFileParser.maximumLineBytes + 1)
                index = end
            }
            if let last = assembler.finish() { lines.append(last) }
            #expect(lines == whole, "read size \(size)")
        }
        #expect(whole.allSatisfy { $0.bytes.count <= CueFileParser.maximumLineBytes && !$0.bytes.contains(10) })
        #expect(whole.last?.wasCut == true)
    }
}
