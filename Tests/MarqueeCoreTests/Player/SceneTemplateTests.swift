import Testing
@testable import MarqueeCore

/// The scene a frame tick makes from the kept template is the scene made
/// afresh, and any input makes the template stale (`PlayerState.sceneTemplate`).
@Suite("Scene template")
struct SceneTemplateTests {
    static func state(textLEDs: Int = 148) -> PlayerState {
        let cues = [Cue(text: "RAINBOW BLINK", caption: "a caption much wider than the sign, so that it scrolls along",
                        look: CueLook(color: .rainbow, blink: true)),
                    Cue(text: "TWO")]
        var state = PlayerState(cues: cues, settings: PlayerSettings(), at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: textLEDs, panelLEDs: 100)), at: 0)
        return state
    }

    @Test("over a run of times the template's scene is the scene made afresh: scroll, rainbow, blink and fade; at rest the countdown",
          arguments: [148, 60])
    func sameScene(textLEDs: Int) {
        var state = Self.state(textLEDs: textLEDs)
        // A key shows the controls line and with it the countdown bar.
        _ = state.reduce(.key(.character("z")), at: 0.05)
        let template = state.sceneTemplate(columns: 80, rows: 24, lineHeight: 7)
        var differing = Set<String>()
        var previous: MarqueeScene?
        for step in 0..<240 {
            let t = 0.05 + Double(step) * 0.0125
            let fresh = state.scene(at: t, columns: 80, rows: 24, lineHeight: 7)
            #expect(state.scene(at: t, from: template) == fresh, "t \(t)")
            if let previous {
                if previous.placement != fresh.placement { differing.insert("placement") }
                if previous.rainbowPhase != fresh.rainbowPhase { differing.insert("rainbow") }
                if previous.litShade != fresh.litShade { differing.insert("shade") }
                if previous.captionOffset != fresh.captionOffset { differing.insert("caption") }
                if previous.countdown != fresh.countdown { differing.insert("countdown") }
            }
            previous = fresh
        }
        // Every time-moved field moved in the run, so each was compared moving.
        #expect(differing.isSuperset(of: textLEDs > 100 ? ["placement", "rainbow", "shade"] : ["countdown", "rainbow", "shade"]),
                "\(differing)")
    }

    @Test("any input, another size or another line height makes the template stale")
    func stale() {
        var state = Self.state()
        let template = state.sceneTemplate(columns: 80, rows: 24, lineHeight: 7)
        #expect(template.fits(state, columns: 80, rows: 24, lineHeight: 7, letterWidth: nil))
        #expect(!template.fits(state, columns: 81, rows: 24, lineHeight: 7, letterWidth: nil))
        #expect(!template.fits(state, columns: 80, rows: 24, lineHeight: 9, letterWidth: nil))
        #expect(!template.fits(state, columns: 80, rows: 24, lineHeight: 7, letterWidth: 5))
        _ = state.reduce(.key(.character(" ")), at: 1)
        #expect(!template.fits(state, columns: 80, rows: 24, lineHeight: 7, letterWidth: nil))
        #expect(state.sceneTemplate(columns: 80, rows: 24, lineHeight: 7).fits(state, columns: 80, rows: 24, lineHeight: 7,
                                                                              letterWidth: nil))
    }
}
