import MarqueeCore
import MarqueeTerminal

/// The display of `--headless` (docs/headless.md): no terminal, nothing
/// drawn, nothing written. It stands for a fixed 80×24 panel, the size of
/// a common terminal, so that a message scrolls, passes and waits as it
/// would on one, and a test's timings are those of a sign people see.
@MainActor
final class HeadlessDisplay: SignDisplay {
    /// The classic terminal size (and `--snapshot`'s default).
    static let size = (columns: 80, rows: 24)

    let columns = HeadlessDisplay.size.columns
    let rows = HeadlessDisplay.size.rows
    /// A 256-colour terminal's: the most common, and every style as designed.
    let colorDepth = ColorDepth.palette256

    /// Whatever `TERM` says (under systemd there is often none): the glyphs
    /// of a Unicode 256-colour terminal, so the layout never depends on it.
    func glyphs(term: String?) -> TerminalGlyphs { .standard }

    func draw(_ frame: FrameModel) -> Bool { false }
    func updateSize() {}
    func suspend() {}
    func resume() {}
    func close() {}
}
