/// What a cell is written in: attributes and the colour numbers the
/// terminal's `setaf`/`setab` take (-1: the terminal's default colour).
struct TerminalStyle: Equatable, Sendable {
    var attributes: InkColors.Attributes
    var foreground: Int
    var background: Int

    /// Normal attributes in the default colours: what `sgr0` (and `op`)
    /// leave, what a cleared screen shows and what a shift brings in.
    static let normal = TerminalStyle(attributes: [], foreground: -1, background: -1)

    /// `resolved` as `capabilities` can show it: no colour where the
    /// terminal has no way to set one, and without the attributes it cannot
    /// combine with a colour (`ncv`; on the Linux console dim is dropped
    /// from coloured cells, as ncurses does).
    init(_ resolved: InkColors.Resolved, on capabilities: TerminalCapabilities) {
        foreground = capabilities.foreground == nil ? -1 : resolved.foreground
        background = capabilities.background == nil ? -1 : resolved.background
        attributes = resolved.attributes
        if foreground >= 0 || background >= 0 { attributes.subtract(capabilities.attributesWithoutColor) }
    }

    init(attributes: InkColors.Attributes, foreground: Int, background: Int) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    var hasColor: Bool { foreground >= 0 || background >= 0 }
}
