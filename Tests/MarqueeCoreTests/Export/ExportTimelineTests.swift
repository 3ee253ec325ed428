import MarqueeCore
import Testing

/// An animation's frames and delays (docs/export.md, "Timeline").
@Suite("Export timeline")
struct ExportTimelineTests {
    @Test("frames cover the duration; their delays add up to it to the unit, whatever the rate",
          arguments: [(10.0, 50), (10.0, 60), (2.62, 50), (1.0, 30), (5.0, 7), (0.01, 50), (600.0, 60)])
    func delaysSum(duration: Double, fps: Int) throws {
        let timeline = try #require(ExportTimeline(duration: duration, fps: fps))
        let count = timeline.frameCount
        #expect(Double(count) >= duration * Double(fps) - 1e-6)
        #expect(Double(count - 1) < duration * Double(fps))
        let delays = (0..<count).map { timeline.delay(ofFrame: $0, unit: 100) }
        #expect(delays.reduce(0, +) == Int((duration * 100).rounded()))
        // No frame is more than one centisecond off its true length.
        for delay in delays.dropLast() { #expect(abs(Double(delay) - 100 / Double(fps)) < 1) }
    }

    @Test("10 s at 60 fps is 600 frames; at 50 fps every delay is 2 cs; 30 fps alternates 3 and 4")
    func examples() throws {
        #expect(try #require(ExportTimeline(duration: 10, fps: 60)).frameCount == 600)
        let fifty = try #require(ExportTimeline(duration: 1, fps: 50))
        #expect((0..<fifty.frameCount).map { fifty.delay(ofFrame: $0, unit: 100) } == Array(repeating: 2, count: 50))
        let thirty = try #require(ExportTimeline(duration: 0.1, fps: 30))
        #expect((0..<thirty.frameCount).map { thirty.delay(ofFrame: $0, unit: 100) } == [3, 4, 3])
        #expect(thirty.time(ofFrame: 2) == 2.0 / 30)
    }

    @Test("no timeline for 0, a negative, NaN, infinite or over 600 s, nor a rate outside 1…60",
          arguments: [(0.0, 50), (-1.0, 50), (.nan, 50), (.infinity, 50), (86400.0, 50), (600.5, 50), (5.0, 0), (5.0, 61)])
    func refused(duration: Double, fps: Int) {
        #expect(ExportTimeline(duration: duration, fps: fps) == nil)
    }
}
