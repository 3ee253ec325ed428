import Testing
@testable import MarqueeCore

@Suite("Scroll clock")
struct ScrollClockTests {
    @Test("reference case: pause keeps the position (docs/scroll-clock.md)")
    func referenceCase() {
        var clock = ScrollClock(speed: 60)
        clock.setRunning(true, at: 10)
        clock.setRunning(false, at: 12)
        #expect(clock.sample(at: 12) == 120)
        #expect(clock.sample(at: 30) == 120)
        clock.setRunning(true, at: 30)
        #expect(clock.sample(at: 31) == 180)
    }

    @Test("position is a function of time, not of how often it is sampled")
    func independentOfSampling() {
        var clock = ScrollClock(speed: 24)
        clock.setRunning(true, at: 0)
        var sampled = 0.0
        for step in stride(from: 0.0, through: 2.0, by: 0.37) { sampled = clock.sample(at: step) }
        #expect(clock.sample(at: 2) == 48)
        #expect(sampled < 48)
    }

    @Test("backwards and non-finite times never move the position back", arguments: [-5.0, 11.0, .nan, -.infinity, .infinity])
    func hostileTimes(time: Double) {
        var clock = ScrollClock(speed: 60)
        clock.setRunning(true, at: 10)
        clock.setSpeed(60, at: 12)  // folds: 120 at 12
        #expect(clock.sample(at: time) == 120)
        clock.setRunning(false, at: time)
        #expect(clock.sample(at: 20) == 120)
        clock.setRunning(true, at: time)
        #expect(clock.sample(at: 13) == 180)
    }

    @Test("reverse and speed changes fold the position first")
    func reverseAndSpeed() {
        var clock = ScrollClock(speed: 10)
        clock.setRunning(true, at: 0)
        clock.reverse(at: 2)
        #expect(clock.sample(at: 2) == 20)
        #expect(clock.sample(at: 3) == 10)
        clock.setSpeed(20, at: 3)
        #expect(clock.sample(at: 4) == -10)
        clock.setSpeed(.nan, at: 4)
        #expect(clock.speed == 20)
    }

    @Test("negative speed scrolls the other way; reset starts a new message")
    func negativeSpeedAndReset() {
        var clock = ScrollClock(speed: -24)
        clock.setRunning(true, at: 0)
        #expect(clock.sample(at: 1) == -24)
        clock.reset(to: 0, at: 1)
        #expect(clock.sample(at: 1) == 0)
        #expect(clock.sample(at: 1.5) == -12)
    }
}
