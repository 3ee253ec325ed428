/// `vertical`: a message too long to stand whole at rest is wrapped at
/// words into lines as wide as the sign, and the lines move up one at a
/// time: each rolls up into view in ``rollSeconds`` and stands for the time
/// its words take to read at the message's speed, as a stadium board's
/// credits do. After the last line comes one blank line, then the first
/// again. A message that stands whole stays at rest.
///
/// It is motion, not decoration: it runs at every tier that moves, and
/// stopped it is the message at rest (its pages, docs/display.md, "Pages").
/// Like every mode, where the lines stand is a pure function of the mode
/// clock, so a pause freezes it mid-roll and resuming carries on.
public enum Vertical {
    /// Seconds a line takes to roll up into place.
    public static let rollSeconds = 0.3
    /// The least a line stands still, however short it is.
    public static let shortestStand = 0.8
    /// Fractions of a step below this are rounding, not time.
    static let nudge = 1e-9

    /// The wrapped message as the panel shows it (``MessageMeasure/vertical``):
    /// made by the host, which has the font, once per message and size.
    public struct Run: Sendable, Hashable {
        /// Lines the message wraps into.
        public var lines: Int
        /// Panel rows from one line's top to the next's.
        public var stride: Int
        /// Lines the panel shows whole at once.
        public var inView: Int
        /// The message's characters per line, on average: what a line
        /// takes to read at the speed, in characters a second.
        public var charactersPerLine: Double
        /// Panel rows a step moves: 1, or a big LED's on the classic grid.
        public var step: Int

        public init(lines: Int, stride: Int, inView: Int, charactersPerLine: Double, step: Int = 1) {
            self.lines = max(0, lines)
            self.stride = max(1, stride)
            self.inView = max(1, inView)
            self.charactersPerLine = charactersPerLine.isFinite ? max(1, charactersPerLine) : 1
            self.step = max(1, step)
        }

        /// Whether the lines move at all: more of them than the panel shows.
        public var moves: Bool { lines > inView }

        /// Panel rows of one round: every line and the blank one after the last.
        public var period: Int { (lines + 1) * stride }
    }

    /// Seconds one line takes from the start of its roll to the next's, at
    /// `charactersPerSecond`.
    public static func lineSeconds(_ run: Run, charactersPerSecond: Double) -> Double {
        let reading = charactersPerSecond > 0 ? run.charactersPerLine / charactersPerSecond : shortestStand
        return rollSeconds + max(shortestStand, reading)
    }

    /// Panel rows the lines have moved up at `seconds` on the stay's clock,
    /// in `0..<run.period`, in whole steps.
    public static func offset(at seconds: Double, run: Run, charactersPerSecond: Double) -> Int {
        guard run.moves, seconds.isFinite, seconds > 0 else { return 0 }
        let line = lineSeconds(run, charactersPerSecond: charactersPerSecond)
        // A nanosecond's nudge: a time computed as a step's start (by
        // `nextChange`, or a period on) lands on that step, not just before.
        let turns = (seconds / line + nudge).rounded(.down)
        let phase = max(0, seconds - turns * line)
        // Stand first, then roll: a line is read before it moves on.
        let stand = line - rollSeconds
        let rolled = phase <= stand ? 0 : Int(((phase - stand) / rollSeconds * Double(run.stride) + nudge).rounded(.down))
        let rows = Int(turns.truncatingRemainder(dividingBy: Double(run.lines + 1))) * run.stride + min(run.stride, rolled)
        return rows / run.step * run.step % run.period
    }

    /// The next time after `seconds` (on the stay's clock) the offset may
    /// change: the roll's next step, or the next roll's start.
    public static func nextChange(after seconds: Double, run: Run, charactersPerSecond: Double) -> Double {
        guard run.moves, seconds.isFinite else { return .infinity }
        let line = lineSeconds(run, charactersPerSecond: charactersPerSecond)
        let now = max(0, seconds)
        let turns = (now / line).rounded(.down)
        let start = turns * line
        let stand = line - rollSeconds
        let phase = now - start
        if phase < stand { return start + stand }
        let stepSeconds = rollSeconds * Double(run.step) / Double(run.stride)
        let next = start + stand + (((phase - stand) / stepSeconds).rounded(.down) + 1) * stepSeconds
        return min(next, start + line)
    }
}

extension Vertical.Run {
    /// The run of a message's strip of lines
    /// (``RestLayout/strip(text:font:panelColumns:panelRows:scale:whole:margin:)``)
    /// on a panel `panelRows` high, for a message of `characters`
    /// characters, moving `step` panel rows at a time.
    public init(strip: RestLayout, panelRows: Int, characters: Int, step: Int) {
        let stride = (strip.inkRows.count + 1) * strip.scale
        let lines = strip.lines.count
        // As many lines as stand whole between the margins (the pages' count).
        let inView = (panelRows - 2 * strip.margin + strip.scale) / max(1, stride)
        self.init(lines: lines, stride: stride, inView: inView,
                  charactersPerLine: Double(characters) / Double(max(1, lines)), step: step)
    }
}
