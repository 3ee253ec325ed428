/// The automatic advance: its conditions, its condition ID, its timer, the
/// countdown bar, and the one place the wait is restarted or frozen
/// (docs/condition-ids.md).
extension TimerKey {
    /// The automatic-advance wait.
    public static let advance = TimerKey("advance")
}

extension PlayerState {
    /// Seconds of the automatic-advance wait once the message is shown. A
    /// single message played once completes as soon as its pass ends.
    public var waitSeconds: Double {
        !isFlow && passDistance != nil ? 0 : flowCue.seconds
    }

    public var advanceConditions: AdvanceConditions {
        // In step, a message gives way at its slot's end whether or not its
        // pass is over: signs of other widths scroll other distances.
        AdvanceConditions(advancesAutomatically: advancesAutomatically, sceneActive: effectiveScene == .active, paused: paused,
                          motionAllowed: motion.animationAllowed, framesPerSecond: motion.framesPerSecond, completed: completed,
                          messageShown: syncActive || messageShown, interrupted: interrupt != nil)
    }

    public var advanceID: AdvanceConditionID {
        AdvanceConditionID(conditions: advanceConditions, cueIndex: cueIndex, manualMoves: manualMoves, sync: syncWaitKey)
    }

    /// When the automatic advance is due, in engine time: the end of the
    /// synced slot (at once when the sign must rejoin), else the start of
    /// the wait plus its seconds; nil while no wait runs. The engine
    /// sleeps to it.
    public var advanceDeadline: Double? {
        guard advanceConditions.shouldSchedule, let start = waitStartedAt else { return nil }
        return syncWait?.deadline ?? start + waitSeconds
    }

    /// The advance timer: keyed by the advance ID, to the wait's end (one
    /// deadline for both rules: the wait's, or a synced slot's).
    var advanceTimer: TimerSpec {
        let id = advanceID
        return TimerSpec(.advance, identity: id, deadline: id.conditions.shouldSchedule ? advanceDeadline.map(TimerDeadline.at) : nil,
                         fires: .advanceDue)
    }

    /// Fraction of the current wait still to run, 1 = full, 0 = advancing.
    public func countdownRemaining(at t: Double) -> Double {
        guard let start = waitStartedAt else { return frozenCountdown }
        if let syncWait {
            let length = syncWait.deadline - syncWait.start
            guard length > 0 else { return 0 }
            return min(1, max(0, (syncWait.deadline - t) / length))
        }
        guard waitSeconds > 0 else { return 0 }
        let elapsed = max(0, t - start)
        return min(1, max(0, 1 - elapsed / waitSeconds))
    }

    /// Folds the scroll position when "should render frames" changed, and
    /// restarts or freezes the countdown when the advance condition ID
    /// changed: the scroll resumes where it stopped, the wait starts over
    /// (docs/condition-ids.md).
    mutating func syncDerivedState(at t: Double) {
        scroll.setRunning(scroll: shouldRenderFrames && scrollsNow,
                          caption: shouldRenderFrames && measure?.captionScrolls == true, mode: shouldRenderFrames, at: t)
        syncZoneClock(at: t)
        let id = advanceID
        let last = advance.lastAdvanceID
        guard id != last else { return }
        let cueChanged = last?.cueIndex != id.cueIndex || last?.manualMoves != id.manualMoves
        if id.conditions.shouldSchedule {
            advance.start(at: t)
            planSyncWait(at: t)
        } else {
            advance.freeze(at: cueChanged ? 1 : countdownRemaining(at: t))
            sync.set(wait: nil)
        }
        advance.follow(id)
    }
}
