import Testing
@testable import MarqueeCore

/// Plays a scroll of 80 frames, each a step of the one before where the
/// composer can make it so (every seventh step two LEDs at once), and
/// checks each is the frame a full paint gives. Returns how many frames
/// were steps, for the caller to check the steps were taken.
func playScrollSteps(layout: TextLayout, _ scene: (_ offset: Int) -> MarqueeScene,
                     _ comment: @autoclosure () -> String) -> Int {
    var old = scene(0)
    var frame = FrameComposer.compose(old, layout: layout)
    var shifted = 0
    for index in 1...80 {
        let size = old.grid.isClassic ? max(1, old.geometry.scale) : (old.style == .braille ? 2 : 1)
        let next = scene(index * size * (index % 7 == 0 ? 2 : 1))
        if FrameComposer.step(&frame, from: old, to: next, layout: layout) { shifted += 1 } else {
            frame = FrameComposer.compose(next, layout: layout)
        }
        #expect(frame == FrameComposer.compose(next, layout: layout), "\(comment()) step \(index)")
        old = next
    }
    return shifted
}
