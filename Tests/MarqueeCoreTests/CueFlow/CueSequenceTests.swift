import Testing
@testable import MarqueeCore

@Suite("Cue sequence")
struct CueSequenceTests {
    @Test(arguments: [
        (0, 3, CueSequence.Direction.forward, true, Optional(1)),
        (2, 3, .forward, true, Optional(0)),
        (2, 3, .forward, false, nil),
        (0, 3, .backward, true, Optional(2)),
        (0, 3, .backward, false, nil),
        (1, 3, .backward, false, Optional(0)),
        (0, 1, .forward, true, Optional(0)),
        (0, 1, .forward, false, nil),
        (0, 0, .forward, true, nil),
        (5, 3, .forward, true, nil),
        (-1, 3, .forward, true, nil),
    ])
    func step(index: Int, count: Int, direction: CueSequence.Direction, loop: Bool, expected: Int?) {
        #expect(CueSequence.step(from: index, count: count, direction: direction, loop: loop) == expected)
    }

    @Test("a shuffled order is a permutation that never repeats across the seam")
    func shuffleSeam() {
        var generator = SplitMix64(seed: 42)
        for previous in 0..<5 {
            for _ in 0..<50 {
                let order = ShuffleOrder.make(count: 5, avoidingFirst: previous, using: &generator)
                #expect(order.sorted() == [0, 1, 2, 3, 4])
                #expect(order.first != previous)
            }
        }
        #expect(ShuffleOrder.make(count: 2, avoidingFirst: 1, using: &generator) == [0, 1])
    }
}
