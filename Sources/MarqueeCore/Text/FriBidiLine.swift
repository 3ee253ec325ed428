import CFriBidi

/// One line of text through GNU FriBidi: the Unicode bidirectional
/// algorithm with an automatic base direction, Arabic joining and shaping,
/// then reordering into the order the glyphs are drawn in, left to right.
///
/// The steps are those of FriBidi's own `fribidi_log2vis`, spelled out so
/// the flags are ours and every buffer is a Swift array sized here
/// (`fribidi_log2vis` fixes its flags and leaves one of its allocations
/// unchecked).
enum FriBidiLine {
    /// What a sign line needs: brackets mirrored in right-to-left runs,
    /// combining marks kept after their base in visual order (so they can be
    /// overlaid on the glyph before them), Arabic letters in their joined
    /// presentation forms, and the mandatory lam-alef ligatures. Not the
    /// "console" shaping, which would turn harakat into spacing glyphs.
    static let flags = FriBidiFlags(
        FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAG_REORDER_NSM
            | FRIBIDI_FLAG_SHAPE_ARAB_PRES | FRIBIDI_FLAG_SHAPE_ARAB_LIGA)

    /// What FriBidi leaves where a ligature swallowed a letter.
    static let ligatureFill = UInt32(FRIBIDI_CHAR_FILL)

    /// `logical` code points in visual order, shaped; `nil` when FriBidi
    /// fails (it only does when out of memory) or the line is longer than a
    /// C `int` can index. Callers bound the length long before that.
    static func visual(_ logical: [UInt32]) -> [UInt32]? {
        var map: [FriBidiStrIndex]?
        return visual(logical, map: &map)
    }

    /// As ``visual(_:)``; with `map` given (any array), it is set to the
    /// logical index of each visual position, so what a caller keeps per
    /// character (a markup span's style) follows it.
    static func visual(_ logical: [UInt32], map: inout [FriBidiStrIndex]?) -> [UInt32]? {
        guard !logical.isEmpty else { return [] }
        guard let length = FriBidiStrIndex(exactly: logical.count) else { return nil }
        let count = logical.count
        // Automatic: the first strong character decides, left to right if none.
        var baseDirection = FRIBIDI_PAR_ON
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_LTR, count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var joining = [FriBidiArabicProp](repeating: 0, count: count)
        var visual = logical

        fribidi_get_bidi_types(logical, length, &types)
        fribidi_get_bracket_types(logical, length, types, &brackets)
        // Returns the highest level plus one, 0 on failure.
        guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &baseDirection, &levels) > 0 else {
            return nil
        }
        // Joining and shaping work on the logical order, before reordering.
        fribidi_get_joining_types(logical, length, &joining)
        fribidi_join_arabic(types, length, levels, &joining)
        fribidi_shape(flags, levels, length, &joining, &visual)
        if map != nil {
            var positions = (0..<length).map { $0 }
            guard fribidi_reorder_line(flags, types, length, 0, baseDirection, &levels, &visual, &positions) > 0 else {
                return nil
            }
            map = positions
            return visual
        }
        guard fribidi_reorder_line(flags, types, length, 0, baseDirection, &levels, &visual, nil) > 0 else {
            return nil
        }
        return visual
    }
}
