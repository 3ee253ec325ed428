/// The sign's grid of LEDs (`--leds`, docs/display.md, "LED grids"): the
/// fine panel, where LEDs are as small as the terminal's cells allow and a
/// font pixel is a block of them, or the classic sign, where one font pixel
/// is one big LED drawn over several cells, with dark gaps between.
public enum LEDGrid: String, Sendable, Hashable, CaseIterable {
    /// Small LEDs in the `--style` glyph (dots, blocks, half, braille).
    case fine
    /// The classic sign: one big round LED per font pixel.
    case round
    /// The classic sign with square LEDs.
    case square

    /// Whether one font pixel is one big LED (round or square).
    public var isClassic: Bool { self != .fine }

    /// The fine style the classic grid's geometry is reckoned in: a big
    /// LED of size `s` is `s` of these units wide and tall, that is `2s`
    /// cells by `s` rows, square on a terminal whose cells are twice as
    /// tall as wide.
    public static let classicUnits: LEDStyle = .dots
}
