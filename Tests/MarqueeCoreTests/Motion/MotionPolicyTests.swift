import Testing
@testable import MarqueeCore

@Suite("Motion policy")
struct MotionPolicyTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let lowPower: Bool
        let reduceMotion: Bool
        let thermal: ThermalState
        let scene: ScenePhase
        let preview: Int
        let fullScreen: Int
        let effects: Bool
        var testDescription: String { name }
    }

    /// docs/motion-policy.md, row by row.
    static let table: [Row] = [
        Row(name: "scene in background", lowPower: false, reduceMotion: false, thermal: .nominal, scene: .background, preview: 0, fullScreen: 0, effects: false),
        Row(name: "scene inactive (display off)", lowPower: false, reduceMotion: false, thermal: .nominal, scene: .inactive, preview: 0, fullScreen: 0, effects: false),
        Row(name: "low power on", lowPower: true, reduceMotion: false, thermal: .nominal, scene: .active, preview: 0, fullScreen: 0, effects: false),
        Row(name: "reduce motion", lowPower: false, reduceMotion: true, thermal: .nominal, scene: .active, preview: 0, fullScreen: 0, effects: false),
        Row(name: "thermal serious", lowPower: false, reduceMotion: false, thermal: .serious, scene: .active, preview: 0, fullScreen: 0, effects: false),
        Row(name: "thermal critical", lowPower: false, reduceMotion: false, thermal: .critical, scene: .active, preview: 0, fullScreen: 0, effects: false),
        Row(name: "thermal fair", lowPower: false, reduceMotion: false, thermal: .fair, scene: .active, preview: 12, fullScreen: 30, effects: false),
        Row(name: "thermal nominal", lowPower: false, reduceMotion: false, thermal: .nominal, scene: .active, preview: 24, fullScreen: 60, effects: true),
    ]

    @Test(arguments: table, Surface.allCases)
    func resolve(row: Row, surface: Surface) {
        let decision = MotionPolicy.resolve(surface: surface, lowPower: row.lowPower, reduceMotion: row.reduceMotion,
                                            thermal: row.thermal, scene: row.scene)
        let fps = surface == .preview ? row.preview : row.fullScreen
        #expect(decision.framesPerSecond == fps)
        #expect(decision.animationAllowed == (fps > 0))
        #expect(decision.effectsAllowed == row.effects)
    }

    @Test("an unrecognised thermal name is not a state (callers treat it as critical)")
    func unknownThermalName() {
        #expect(ThermalState(name: "melting") == nil)
        #expect(ThermalState(name: "fair") == .fair)
    }

    @Test(arguments: [
        (ThermalState.nominal, false, QualityTier.full), (.nominal, true, .reduced),
        (.fair, false, .reduced), (.fair, true, .minimal),
        (.serious, false, .minimal), (.serious, true, .minimal),
        (.critical, false, .minimal), (.critical, true, .minimal),
    ])
    func tier(thermal: ThermalState, lowPower: Bool, expected: QualityTier) {
        #expect(QualityTier(thermal: thermal, lowPower: lowPower) == expected)
    }

    @Test("reload checks slow down as the tier drops")
    func reloadIntervals() {
        #expect(QualityTier.full.reloadCheckInterval == 2)
        #expect(QualityTier.reduced.reloadCheckInterval == 6)
        #expect(QualityTier.minimal.reloadCheckInterval == 18)
        #expect(QualityTier.full.allowsEffects && !QualityTier.reduced.allowsEffects)
    }
}
