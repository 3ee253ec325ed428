import MarqueeCore
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
        inks += [.text(.normal), .text(.dim), .text(.bright)]
        let codes = inks.map(\.code)
        #expect(Set(codes).count == inks.count)
        #expect(codes.allSatisfy { $0 >= 0 && $0 < Ink.codeCount })
        #expect(inks.count == Ink.codeCount)
    }
}
