@testable import MarqueeCore
import Testing
@testable import MarqueeTerminal

@Suite("Ink codes")
struct InkCodeTests {
    @Test("every ink has its own code below codeCount")
    func dense() {
        var inks: [Ink] = [.plain]
        for shade in LEDShade.allCases {
            for hue in 0..<MarqueeScene.rainbowHues { inks.append(.led(shade, hue: UInt8(hue))) }
        }
        inks += (0..<LEDPixelColor.count).map { .pixel(LEDPixelColor(index: UInt8($0))) }
        inks += [.text(.normal), .text(.dim), .text(.bright)]
        let codes = inks.map(\.code)
        #expect(Set(codes).count == inks.count)
        #expect(codes.allSatisfy { $0 >= 0 && $0 < Ink.codeCount })
        #expect(inks.count == Ink.codeCount)
        // A cell's ink is eight bits of it (`Cell.packed`), and comes back.
        #expect(Ink.codeCount <= 256)
        #expect(inks.allSatisfy { Cell(" ", foreground: $0, background: $0) == Cell(packed: Cell(" ", foreground: $0, background: $0).packed) })
    }
}
