import Testing
@testable import MarqueeCore

/// A deck's zones in the state (docs/zones.md, "In a deck"): they replace
/// the sign's own (`--zones`) while the deck plays; a deck without them
/// gives the sign's own back, and `[]` shows none.
@Suite("Deck zone state")
struct DeckZoneStateTests {
    static let flag = [SignZone(edge: .left, texts: ["OPEN"])]
    static let deck = [SignZone(edge: .bottom, texts: ["9-5"])]

    func state(deckZones: [SignZone]? = nil) -> PlayerState {
        var settings = PlayerSettings()
        settings.zones = Self.flag
        settings.deckZones = deckZones
        return PlayerState(cues: [Cue(text: "hello")], settings: settings, at: 0)
    }

    @Test("the starting deck's zones replace the flag's; without them the flag's show")
    func start() {
        #expect(state().signZones == Self.flag)
        #expect(state(deckZones: Self.deck).signZones == Self.deck)
        #expect(state(deckZones: []).signZones == [])
    }

    @Test("a load brings its deck's zones, and a deck without them gives the flag's back")
    func load() {
        var sign = state()
        _ = sign.reduce(.remote(.load([Cue(text: "A")], zones: Self.deck)), at: 1)
        #expect(sign.signZones == Self.deck)
        _ = sign.reduce(.remote(.load([Cue(text: "B")], zones: [])), at: 2)
        #expect(sign.signZones == [])
        _ = sign.reduce(.remote(.load([Cue(text: "C")])), at: 3)
        #expect(sign.signZones == Self.flag)
    }

    @Test("a refused load keeps the zones shown")
    func refused() {
        var sign = state(deckZones: Self.deck)
        _ = sign.reduce(.remote(.load([], zones: [])), at: 1)
        #expect(sign.signZones == Self.deck)
    }

    @Test("a reload's zones replace the ones shown; the same again is no change; the clock keeps its place")
    func reload() {
        var sign = state()
        _ = sign.reduce(.deckZones(Self.deck), at: 2)
        #expect(sign.signZones == Self.deck)
        #expect(sign.zoneSeconds(at: 3) == 3, "the zones' clock runs on")
        let count = sign.changeCount
        #expect(sign.reduce(.deckZones(Self.deck), at: 4).isEmpty)
        #expect(sign.changeCount == count)
        _ = sign.reduce(.deckZones(nil), at: 5)
        #expect(sign.signZones == Self.flag)
    }

    @Test("the zones' clock starts when a deck brings the first zones to a sign without any")
    func clockStarts() {
        var sign = PlayerState(cues: [Cue(text: "hello")], settings: PlayerSettings(), at: 0)
        #expect(sign.zoneSeconds(at: 5) == 0)
        _ = sign.reduce(.deckZones([SignZone(edge: .bottom, texts: ["a", "b"], seconds: 2)]), at: 5)
        #expect(sign.zoneSeconds(at: 8) == 3)
    }
}
