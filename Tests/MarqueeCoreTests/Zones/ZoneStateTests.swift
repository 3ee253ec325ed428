import Testing
@testable import MarqueeCore

/// The zones under the motion policy (docs/zones.md, "Motion"): their clock
/// runs only while frames are rendered, a still zone asks for no ticks,
/// and stopped motion stands every zone at rest.
@Suite("Zone state")
struct ZoneStateTests {
    func state(_ zones: [SignZone], reduceMotion: Bool = false) -> PlayerState {
        var settings = PlayerSettings()
        settings.zones = zones
        settings.reduceMotion = reduceMotion
        return PlayerState(cues: [Cue(text: "hello")], settings: settings, at: 0)
    }

    @Test("the zone clock counts seconds while frames render, and holds while motion is stopped")
    func clock() {
        let running = state([SignZone(edge: .bottom, texts: ["a", "b"], seconds: 2)])
        #expect(running.zoneSeconds(at: 3) == 3)
        #expect(running.signZones[0].textIndex(elapsed: running.zoneSeconds(at: 3)) == 1)
        let still = state([SignZone(edge: .bottom, texts: ["a", "b"], seconds: 2)], reduceMotion: true)
        #expect(still.zoneSeconds(at: 30) == 0)
        #expect(!still.zonesAnimate && !still.zonesMayScroll)
        #expect(still.nextZoneChange(after: 1) == .infinity)
    }

    @Test("a label that stands still costs no tick; turns and fields wake the sign")
    func ticks() {
        #expect(!state([SignZone(edge: .left, texts: ["OPEN"])]).zonesAnimate)
        #expect(state([SignZone(edge: .right, texts: ["{time:%H:%M}"])]).zonesAnimate)
        let turning = state([SignZone(edge: .bottom, texts: ["a", "b"], seconds: 2)])
        #expect(turning.zonesAnimate)
        #expect(turning.nextZoneChange(after: 0.5) == 2)
        #expect(!state([]).zonesAnimate)
    }

    @Test("a text that scrolls wakes the sign at each of its LED steps, on the zone clock")
    func steps() {
        var scrolling = state([SignZone(edge: .bottom, texts: ["a line too long to stand"])])
        var measure = MessageMeasure(textLEDs: 10, panelLEDs: 100)
        measure.zoneLEDsPerCharacter = [4]
        _ = scrolling.reduce(.measured(measure), at: 0)
        #expect(scrolling.zonesAnimate)
        // 5 characters a second, 4 LEDs each: an LED every 1/20 s.
        let step = 1 / (scrolling.settings.speed * 4)
        #expect(abs(scrolling.nextZoneChange(after: 0.01) - step) < 1e-9)
        #expect(abs(scrolling.nextZoneChange(after: step + 0.001) - 2 * step) < 1e-9)
    }

    @Test("a zone's scene: scrolling from in view at the sign's speed, at rest when stopped")
    func scene() {
        let running = state([SignZone(edge: .left, texts: ["x"])])
        let geometry = running.zoneGeometry(columns: 10, rows: 4, lineHeight: 8, letterWidth: nil)
        #expect(geometry.controlsRow == nil && geometry.ledAreaRows == 4)
        let moving = running.zoneScene(geometry: geometry, textID: 0, plainText: "x", scrolls: true, ledsPerCharacter: 4, at: 1)
        let expected = Int(running.settings.speed * 4)
        #expect(moving.placement == .scrolling(ledOffset: expected, entry: .inView))
        let resting = running.zoneScene(geometry: geometry, textID: 0, plainText: "x", scrolls: false, ledsPerCharacter: 4, at: 1)
        #expect(resting.placement == .rest)
    }
}
