/// What the sign shows and how the message stands: reads across the flow,
/// the interrupt, the schedule and the message slices.
extension PlayerState {
    /// The message on the sign: an interrupt's while one shows, else the
    /// flow's, as written (see ``shownCue`` for what is drawn).
    ///
    /// Lent, not copied (`_read`): every frame tick reads the message's
    /// look through it, and a copy retains and releases each of its strings.
    public var currentCue: Cue {
        _read {
            if interrupts.interrupt != nil {
                yield interrupts.interrupt!.interrupt.cue
            } else if schedule.idle {
                yield idleCue
            } else {
                yield flow.cues[flow.cueIndex]
            }
        }
    }
    /// ``currentCue``'s look, read where it is kept: the frame ticker and
    /// the scene read it on every tick, and even the lent message costs a
    /// copy of the interrupt it may come from (its strings retained and
    /// released) where an optional chain copies only the look.
    public var currentLook: CueLook {
        if let look = interrupts.interrupt?.interrupt.cue.look { return look }
        if schedule.idle { return settings.idleCue?.look ?? PlayerState.darkCue.look }
        return flow.cues[flow.cueIndex].look
    }
    /// What an idle flow shows: `--idle-message`, else nothing (dark).
    public var idleCue: Cue { settings.idleCue ?? PlayerState.darkCue }
    static let darkCue = Cue(text: "")
    /// The message as the sign draws it: ``currentCue`` with its live
    /// fields filled in (it is `currentCue` when there are none).
    public var shownCue: Cue {
        _read {
            if message.filledCue?.messageID == message.messageID {
                yield message.filledCue!.cue
            } else {
                yield currentCue
            }
        }
    }
    /// The flow's message, the one an interrupt returns to.
    public var flowCue: Cue { cues[cueIndex] }

    /// Held still (`--static`, a message's `static`) is a clock at speed 0.
    public var isScrolling: Bool { clock.speed > 0 && !completed }

    /// Two or more messages rotate; each enters already in view.
    public var isFlow: Bool { cues.count >= 2 }

    /// A flow moves on by itself; so does a single message played once,
    /// which completes after one pass.
    /// With schedules, a flow rotates while two or more of its messages are
    /// in window; an idle flow does not move at all.
    public var advancesAutomatically: Bool { !idle && ((isFlow && scheduledCount >= 2) || !settings.loop) }

    /// Laid out as a flow's message: entering in view, held at rest when
    /// it fits. The idle message is too: a shop's `CLOSED` stands still.
    public var entersInView: Bool { isFlow || (idle && interrupt == nil) }

    /// A flow message that fits on the sign is held at rest, whole, for its
    /// seconds instead of scrolling.
    public var holdsAtRest: Bool { entersInView && measure?.fitsOnOneLine == true }

    /// Whether the message moves (or, paused, would move): the scroll clock
    /// runs only while this and `shouldRenderFrames` hold.
    /// Only the `scroll` mode scrolls (docs/display.md, "Display modes").
    public var scrollsNow: Bool { isScrolling && !holdsAtRest && shownMode == .scroll }
}
