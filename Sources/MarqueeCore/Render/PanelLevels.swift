/// The brightness steps (``GlyphLevels``) of the LEDs each panel column
/// shows, read from the layout once per frame alongside the lit masks, for
/// the columns the frame paints: the cost follows the panel, not the text.
/// Like ``PanelInputs``, it lives in scratch memory lent for the frame
/// (``with(slots:drawn:_:)``), not in arrays: a scroll step of an outline
/// font would otherwise allocate two arrays a frame.
struct PanelLevels {
    /// Bit 0 and bit 1 of each LED's step, one mask per slot (panel column
    /// and line of text, laid out as ``PanelInputs/masks``).
    let low: UnsafeMutableBufferPointer<UInt64>
    let high: UnsafeMutableBufferPointer<UInt64>

    /// Calls `body` with steps for `slots` slots, every step 0, when
    /// `drawn`; with nil otherwise (the text has none, or the scene does
    /// not show them). The memory is valid only inside `body`.
    static func with<Result>(slots: Int, drawn: Bool, _ body: (PanelLevels?) -> Result) -> Result {
        guard drawn else { return body(nil) }
        let slots = max(0, slots)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * slots) { planes in
            planes.initialize(repeating: 0)
            return body(PanelLevels(low: UnsafeMutableBufferPointer(rebasing: planes[0..<slots]),
                                    high: UnsafeMutableBufferPointer(rebasing: planes[slots...])))
        }
    }

    /// Reads `layout`'s steps at text column `textColumn` into `slot`.
    @inline(__always)
    func read(_ layout: TextLayout, at textColumn: Int, into slot: Int) {
        (low[slot], high[slot]) = layout.levels(at: textColumn)
    }
}
