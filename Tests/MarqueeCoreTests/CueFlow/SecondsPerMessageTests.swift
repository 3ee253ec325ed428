import Testing
@testable import MarqueeCore

@Suite("Seconds per message")
struct SecondsPerMessageTests {
    @Test(arguments: [
        (5.0, 5.0), (2.0, 2.0), (20.0, 20.0), (1.0, 2.0), (0.0, 2.0), (-3.0, 2.0), (21.0, 20.0), (1e300, 20.0),
        (.nan, 5.0), (.infinity, 5.0), (-.infinity, 5.0), (7.5, 7.5),
    ])
    func sanitize(input: Double, expected: Double) {
        #expect(SecondsPerMessage.sanitize(input) == expected)
    }

    @Test("cues sanitize their seconds when built")
    func cueSanitizes() {
        #expect(Cue(text: "a", seconds: .nan).seconds == 5)
        #expect(Cue(text: "a", seconds: 100).seconds == 20)
    }
}
