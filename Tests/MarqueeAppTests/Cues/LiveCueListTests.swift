import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Live cue list")
struct LiveCueListTests {
    func cues(_ range: Range<Int>) -> [Cue] { range.map { Cue(text: "L\($0)") } }

    @Test("each read appends its lines at once; an empty read changes nothing")
    func append() {
        var list = LiveCueList(latestOnly: false)
        let first = list.add(cues(0..<1))
        let second = list.add(cues(1..<4))
        let empty = list.add([])
        #expect(first && second && !empty)
        #expect(list.cues.map(\.text) == ["L0", "L1", "L2", "L3"])
    }

    @Test("past the bound the oldest lines go, a chunk at a time, so the newest are kept")
    func bound() {
        var list = LiveCueList(latestOnly: false)
        for index in 0..<(LiveCueList.maximumCues * 3) { _ = list.add(cues(index..<index + 1)) }
        #expect(list.cues.count <= LiveCueList.maximumCues)
        #expect(list.cues.count > LiveCueList.maximumCues - LiveCueList.dropChunk)
        #expect(list.cues.last?.text == "L\(LiveCueList.maximumCues * 3 - 1)")
        // The index of a kept line moves once per chunk, not once per line.
        var shifts = 0
        var previous = list.cues.firstIndex { $0.text == "L2950" }
        for index in (LiveCueList.maximumCues * 3)..<(LiveCueList.maximumCues * 3 + 150) {
            _ = list.add(cues(index..<index + 1))
            let now = list.cues.firstIndex { $0.text == "L2950" }
            if now != previous { shifts += 1 }
            previous = now
        }
        #expect(shifts <= 2)
    }

    @Test("one huge read is bounded too")
    func hugeRead() {
        var list = LiveCueList(latestOnly: false)
        _ = list.add(cues(0..<5_000))
        #expect(list.cues.count <= LiveCueList.maximumCues)
        #expect(list.cues.last?.text == "L4999")
    }

    @Test("the text kept is bounded: long lines push out old ones, the newest always stays")
    func bytes() {
        var list = LiveCueList(latestOnly: false)
        let long = String(repeating: "x", count: CueFileParser.maximumLineBytes)
        for _ in 0..<400 { _ = list.add([Cue(text: long)]) }
        #expect(list.cues.count * CueFileParser.maximumLineBytes <= LiveCueList.maximumBytes)
        #expect(!list.cues.isEmpty)
    }

    @Test("a read that only appends says which cues it appended; a first read, --latest, a drop or a replacement does not")
    func appendedLast() {
        var list = LiveCueList(latestOnly: false)
        _ = list.add(cues(0..<2))
        #expect(list.appendedLast == nil, "the first read is the whole flow")
        _ = list.add(cues(2..<4))
        #expect(list.appendedLast?.map(\.text) == ["L2", "L3"])
        _ = list.add(cues(4..<(LiveCueList.maximumCues + 1)))
        #expect(list.appendedLast == nil, "old lines dropped: a replacement")
        list.replace(with: cues(0..<1))
        #expect(list.appendedLast == nil)
        var latest = LiveCueList(latestOnly: true)
        _ = latest.add(cues(0..<1))
        _ = latest.add(cues(1..<2))
        #expect(latest.appendedLast == nil)
    }

    @Test("--latest keeps only the newest line of each read")
    func latest() {
        var list = LiveCueList(latestOnly: true)
        _ = list.add(cues(0..<3))
        #expect(list.cues.map(\.text) == ["L2"])
        _ = list.add(cues(3..<4))
        #expect(list.cues.map(\.text) == ["L3"])
        list.replace(with: cues(7..<9))
        #expect(list.cues.map(\.text) == ["L8"])
    }

    @Test("replacing starts over within the bound")
    func replace() {
        var list = LiveCueList(latestOnly: false)
        _ = list.add(cues(0..<10))
        list.replace(with: cues(20..<22))
        #expect(list.cues.map(\.text) == ["L20", "L21"])
    }
}
