import MarqueeCore
import MarqueeTerminal

/// What the player draws on: the terminal (`Screen`) or nothing at all
/// (`HeadlessDisplay`, `--headless`). The player reads its size to lay
/// messages out, and tells it of Ctrl-Z, `fg`, SIGWINCH and the end; it
/// never asks which one it has (docs/architecture.md).
@MainActor
protocol SignDisplay: AnyObject {
    /// The panel's size in cells, which the layouts, passes and waits follow.
    var columns: Int { get }
    var rows: Int { get }
    var colorDepth: ColorDepth { get }
    /// The glyphs the sign may use, given the `TERM` it runs under.
    func glyphs(term: String?) -> TerminalGlyphs
    /// Draws `frame`; returns whether anything was written.
    @discardableResult
    func draw(_ frame: FrameModel) -> Bool
    /// Re-reads the size after SIGWINCH; the next frame is drawn whole.
    func updateSize()
    /// Gives the terminal back before the process stops (Ctrl-Z)…
    func suspend()
    /// …and takes it again after `fg`.
    func resume()
    /// Gives the terminal back for good; called once, on every way out.
    func close()
}

extension SignDisplay {
    func glyphs(term: String?) -> TerminalGlyphs { TerminalGlyphs(term: term, depth: colorDepth) }
}
