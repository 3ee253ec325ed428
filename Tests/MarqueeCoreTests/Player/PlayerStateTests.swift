import Testing
@testable import MarqueeCore

@Suite("Player state")
struct PlayerStateTests {
    func state(cues: Int = 3, _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        configure(&settings)
        return PlayerState(cues: (0..<cues).map { Cue(text: "M\($0)") }, settings: settings, seed: 3, at: 0)
    }

    @Test("space pauses and resumes; the scroll resumes from the same position")
    func pauseKeepsPosition() {
        var player = state()
        #expect(player.clock.isRunning)
        _ = player.reduce(.key(.character(" ")), at: 2)
        #expect(player.paused && !player.clock.isRunning)
        let frozen = player.clock.sample(at: 2)
        #expect(frozen == 10)
        #expect(player.clock.sample(at: 9) == frozen)
        _ = player.reduce(.key(.character(" ")), at: 10)
        #expect(player.clock.sample(at: 11) == frozen + 5)
    }

    @Test("pause is refused while motion is not allowed, with a notice; next still works")
    func pauseRefused() {
        var player = state { $0.reduceMotion = true }
        let effects = player.reduce(.key(.character(" ")), at: 1)
        #expect(!player.paused)
        #expect(player.notice?.contains("reduce motion") == true)
        #expect(!effects.contains { if case .log(.pause) = $0 { true } else { false } })
        _ = player.reduce(.key(.character("n")), at: 2)
        #expect(player.cueIndex == 1)
    }

    @Test("t cycles the simulated thermal state and b the low-power mode")
    func simulations() {
        var player = state()
        var thermal: [String] = []
        for _ in 0..<5 {
            _ = player.reduce(.key(.character("t")), at: 1)
            thermal.append(player.settings.thermalOverride?.description ?? "auto")
        }
        #expect(thermal == ["nominal", "fair", "serious", "critical", "auto"])
        var lowPower: [Bool?] = []
        for _ in 0..<3 {
            _ = player.reduce(.key(.character("b")), at: 1)
            lowPower.append(player.settings.lowPowerOverride)
        }
        #expect(lowPower == [true, false, nil])
    }

    @Test("a policy change is logged once, and stopping freezes the scroll")
    func policyEvents() {
        var player = state()
        let effects = player.reduce(.key(.character("m")), at: 1)
        let policies = effects.filter { if case .log(.policy) = $0 { true } else { false } }
        #expect(policies.count == 1)
        #expect(player.motion == .stopped)
        #expect(!player.clock.isRunning)
        #expect(player.frameTickerID.framesPerSecond == 0)
    }

    @Test("help opens the preview surface at preview rates; Esc closes it before quitting")
    func helpOverlay() {
        var player = state()
        _ = player.reduce(.key(.character("?")), at: 1)
        #expect(player.surface == .preview && player.motion.framesPerSecond == 24)
        #expect(!player.reduce(.key(.escape), at: 2).contains(.quit))
        #expect(!player.helpOpen)
        #expect(player.reduce(.key(.escape), at: 3).contains(.quit))
        #expect(player.reduce(.key(.character("q")), at: 3).contains(.quit))
        #expect(player.reduce(.key(.interrupt), at: 3).contains(.quit))
    }

    @Test("+ and - change speed without a jump; r reverses")
    func speedAndReverse() {
        var player = state()
        _ = player.reduce(.key(.character("+")), at: 1)
        #expect(player.clock.speed == 6.25)
        #expect(player.clock.sample(at: 1) == 5)
        _ = player.reduce(.key(.character("r")), at: 2)
        #expect(player.clock.sample(at: 3) == 5)
    }

    @Test("- stops at the slowest speed and the sign keeps moving; + starts a static sign; a slower speed given stays")
    func speedFloor() {
        var player = state()
        for step in 0..<40 { _ = player.reduce(.key(.character("-")), at: 3 + Double(step) * 0.01) }
        #expect(player.clock.speed == PlayerSettings.minimumSpeed)
        #expect(player.clock.isRunning && player.isScrolling)
        let position = player.clock.sample(at: 4)
        #expect(player.clock.sample(at: 5) - position == PlayerSettings.minimumSpeed)

        var still = state { $0.staticText = true }
        _ = still.reduce(.key(.character("-")), at: 1)
        #expect(still.settings.staticText && still.clock.speed == 0, "- leaves a static sign static")
        _ = still.reduce(.key(.character("+")), at: 1)
        #expect(!still.settings.staticText && still.clock.speed == PlayerSettings.startSpeed && still.isScrolling)

        var crawling = state { $0.speed = 1 }
        _ = crawling.reduce(.key(.character("-")), at: 1)
        #expect(crawling.clock.speed == 1, "- never speeds a sign up to the floor")
        _ = crawling.reduce(.key(.character("+")), at: 1)
        #expect(crawling.clock.speed == 1.25)
    }

    @Test("shuffle never shows the same message twice in a row", arguments: [1, 2, 3, 7])
    func shuffle(count: Int) {
        var player = state(cues: count) { $0.shuffle = true }
        var shown = [player.cueIndex]
        for step in 0..<60 {
            _ = player.reduce(.advanceDue, at: Double(step))
            shown.append(player.cueIndex)
        }
        if count == 1 {
            #expect(Set(shown) == [0])
        } else {
            #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 != $1 })
            #expect(Set(shown).count == count)
        }
    }

    @Test("the countdown is full at the start of a wait, runs down, and freezes when stopped")
    func countdown() {
        var player = state { $0.speed = 24 }
        #expect(player.countdownRemaining(at: 0) == 1)
        #expect(abs(player.countdownRemaining(at: 2.5) - 0.5) < 1e-9)
        _ = player.reduce(.key(.character(" ")), at: 2.5)
        #expect(player.waitStartedAt == nil)
        #expect(abs(player.countdownRemaining(at: 9) - 0.5) < 1e-9)
        _ = player.reduce(.key(.character(" ")), at: 10)
        #expect(player.countdownRemaining(at: 10) == 1)
    }

    @Test("a reload keeps the current message when it still exists")
    func reloadKeepsCurrent() {
        var player = state()
        _ = player.reduce(.key(.character("n")), at: 1)
        #expect(player.currentCue.text == "M1")
        let effects = player.reduce(.cuesReplaced([Cue(text: "NEW"), Cue(text: "M1")]), at: 2)
        #expect(player.currentCue.text == "M1")
        #expect(effects.contains(.log(.reload(count: 2))))
        _ = player.reduce(.cuesReplaced([Cue(text: "OTHER")]), at: 3)
        #expect(player.currentCue.text == "OTHER")
        #expect(player.reduce(.cuesReplaced([]), at: 4).isEmpty)
    }
}

@Suite("Player scene")
struct PlayerSceneTests {
    @Test("a message that has not moved while motion is stopped is shown at rest, not off the edge")
    func stoppedAtEntryIsAtRest() {
        var settings = PlayerSettings()
        settings.lowPowerOverride = true
        var player = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: settings, seed: 1, at: 0)
        #expect(player.scene(at: 5, columns: 80, rows: 24, lineHeight: 7).placement == .rest)
        _ = player.reduce(.key(.character("b")), at: 5)  // simulated low power: on → off
        #expect(player.motion.animationAllowed)
        #expect(player.scene(at: 6, columns: 80, rows: 24, lineHeight: 7).placement != .rest)
    }

    @Test("motion stopping mid-scroll shows the message at rest and keeps the scroll position underneath")
    func stoppedMidScrollRestsAndResumes() {
        var player = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = player.reduce(.key(.character("m")), at: 1)
        #expect(player.scene(at: 1, columns: 80, rows: 24, lineHeight: 7).placement == .rest)
        #expect(player.scene(at: 9, columns: 80, rows: 24, lineHeight: 7).placement == .rest)
        _ = player.reduce(.key(.character("m")), at: 9)
        #expect(player.scene(at: 9, columns: 80, rows: 24, lineHeight: 7).placement == .scrolling(ledOffset: 5))
        #expect(player.scene(at: 10, columns: 80, rows: 24, lineHeight: 7).placement == .scrolling(ledOffset: 10))
    }

    @Test("pause freezes exactly the scrolled frame")
    func pauseFreezesFrame() {
        var player = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = player.reduce(.key(.character(" ")), at: 1)
        #expect(player.scene(at: 1, columns: 80, rows: 24, lineHeight: 7).placement == .scrolling(ledOffset: 5))
        #expect(player.scene(at: 9, columns: 80, rows: 24, lineHeight: 7).placement == .scrolling(ledOffset: 5))
    }
}

@Suite("Playback start")
struct PlaybackStartTests {
    @Test("begin restarts the timeline: entry position and a full first wait")
    func begin() {
        var player = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = player.reduce(.start, at: 0.25)
        #expect(player.waitStartedAt == 0.25)
        #expect(player.clock.sample(at: 0.25) == 0)
        #expect(player.clock.sample(at: 1.25) == 5)
    }
}

@Suite("Caption row")
struct CaptionRowTests {
    @Test("the caption row follows the cues, also after a reload")
    func followsCues() {
        var player = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0)
        #expect(!player.anyCaption)
        #expect(player.scene(at: 0, columns: 80, rows: 24, lineHeight: 7).geometry.captionRow == nil)
        _ = player.reduce(.cuesReplaced([Cue(text: "A", caption: "a letter")]), at: 1)
        #expect(player.anyCaption)
        #expect(player.scene(at: 1, columns: 80, rows: 24, lineHeight: 7).geometry.captionRow == 21)
    }
}
