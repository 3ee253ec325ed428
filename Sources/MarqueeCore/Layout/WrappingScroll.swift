/// Where scrolling content stands: it moves left from its entry position,
/// leaves at the left edge and comes round again from the right once it has
/// fully gone. Shared by the LED panel (in LEDs) and plain text (in cells).
///
/// ```swift
/// WrappingScroll.start(offset: 0, width: 30, span: 100, entry: .rightEdge)   // 100: just beyond the right edge
/// WrappingScroll.start(offset: 5, width: 30, span: 100, entry: .inView)      // 30: centred, moved 5 left
/// ```
public enum WrappingScroll {
    /// The column of the content's first column after scrolling `offset`
    /// from `entry`, for content `width` wide in a span of `span` columns.
    public static func start(offset: Int, width: Int, span: Int, entry: MarqueeScene.Entry) -> Int {
        let period = span + width
        guard period > 0 else { return 0 }
        let entryStart = entry == .rightEdge ? span : max(0, (span - width) / 2)
        let distance = span - entryStart + offset
        let phase = ((distance % period) + period) % period
        return span - phase
    }
}
