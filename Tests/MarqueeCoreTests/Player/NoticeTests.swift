import Testing
@testable import MarqueeCore

/// Notices reach the sign rate-limited, and stay up long enough to read
/// (docs/status-line.md).
@Suite("Notices")
struct NoticeTests {
    @Test("one new notice per minimum time; the same text not again within the repeat time")
    func limiter() {
        var limiter = NoticeLimiter()
        let reports: [(String, Double, Bool, String)] = [
            ("A", 0, true, "the first"), ("B", 2.9, false, "A is still up"), ("B", 3, true, "A had its 3 s"),
            ("A", 10, false, "A was said 10 s ago"), ("A", 29.9, false, "A was said 29.9 s ago"), ("A", 30, true, "A's 30 s are over"),
            ("C", 31, false, "A is still up"), ("B", 40, true, "B's 30 s are over"),
        ]
        for (text, t, shown, why) in reports {
            let admitted = limiter.admit(text, at: t)
            #expect(admitted == shown, "\(text) at \(t): \(why)")
        }
    }

    @Test("a held-back notice changes nothing on the sign")
    func heldBack() {
        var state = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.notice("first"), at: 1)
        let reveals = state.controlsReveals
        _ = state.reduce(.notice("second"), at: 2)
        #expect(state.notice == "first" && state.controlsReveals == reveals)
        _ = state.reduce(.idleTimeout, at: 5)
        _ = state.reduce(.notice("first"), at: 6)
        #expect(state.notice == nil && !state.controlsVisible, "said 5 s ago")
        _ = state.reduce(.notice("second"), at: 6)
        #expect(state.notice == "second" && state.controlsVisible)
    }

    @Test("with --idle-timeout 0 a notice still stays up for the minimum time; the status line alone does not")
    func idleTimeoutZero() {
        var settings = PlayerSettings()
        settings.idleTimeout = 0
        var state = PlayerState(cues: [Cue(text: "A")], settings: settings, seed: 1, at: 0)
        #expect(state.controlsHideDelay == 0)
        _ = state.reduce(.notice("events log: No space left on device"), at: 1)
        #expect(state.controlsHideDelay == NoticeLimiter.minimumSeconds)
        // Low power simulated (`b`), within the notice's minimum time: it stands.
        _ = state.reduce(.key(.character("b")), at: 1.5)
        _ = state.reduce(.key(.character(" ")), at: 2)
        #expect(state.notice == "motion is stopped (low power): pause unavailable")
        #expect(state.controlsHideDelay == NoticeLimiter.minimumSeconds, "a key's own notice too")
        settings.idleTimeout = 10
        var longer = PlayerState(cues: [Cue(text: "A")], settings: settings, seed: 1, at: 0)
        _ = longer.reduce(.notice("events log: No space left on device"), at: 1)
        #expect(longer.controlsHideDelay == 10, "a longer idle timeout is kept")
    }

    @Test("a key does not clear a reported notice in its minimum time; after it, or a key's own answer, it does")
    func keyDuringNotice() {
        var state = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.notice("cues.txt: reload failed, kept the previous cues: gone"), at: 1)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.cueIndex == 1, "the key still acts")
        #expect(state.notice == "cues.txt: reload failed, kept the previous cues: gone", "still in its 3 s")
        _ = state.reduce(.key(.character("n")), at: 4)
        #expect(state.notice == nil && state.controlsLine.hasSuffix("? help"))
        _ = state.reduce(.key(.character("m")), at: 4.4)  // reduce motion on
        _ = state.reduce(.key(.character(" ")), at: 4.5)
        #expect(state.notice == "motion is stopped (reduce motion): pause unavailable")
        _ = state.reduce(.key(.character("x")), at: 4.6)
        #expect(state.notice == nil, "a key's answer goes with the next key")
    }

    @Test("a refused pause says why, in the words of the status line")
    func pauseRefusedReasons() {
        var settings = PlayerSettings()
        settings.thermalOverride = .critical
        var state = PlayerState(cues: [Cue(text: "A")], settings: settings, seed: 1, at: 0)
        _ = state.reduce(.key(.character(" ")), at: 1)
        #expect(state.notice == "motion is stopped (heat): pause unavailable")
        #expect(!state.paused)
    }
}
