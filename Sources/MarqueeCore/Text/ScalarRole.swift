/// What one scalar of visual text does on the sign: most are drawn in a
/// cell of their own, combining marks over the glyph before them, and some
/// draw nothing at all.
enum ScalarRole: Equatable {
    /// A glyph of its own (letters, digits, spaces, emoji, spacing marks).
    case base
    /// A combining mark that did not compose: overlaid on the cell before it.
    case mark
    /// Nothing to draw: joiners, variation selectors, emoji skin-tone
    /// modifiers and other format or default-ignorable characters. Fonts such
    /// as Unifont do have glyphs for some of them (a dashed box saying "ZWJ"),
    /// which must not appear inside a message.
    case ignored

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        // Below the combining marks everything draws but the soft hyphen;
        // checked first because property lookups are slow and most signs
        // are Latin.
        if value < 0x300 {
            self = value == 0xAD ? .ignored : .base
            return
        }
        // Skin-tone modifiers (the whole Emoji_Modifier set) only tint the
        // emoji before them.
        if (0x1F3FB...0x1F3FF).contains(value) {
            self = .ignored
            return
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format:
            self = .ignored
        case .nonspacingMark, .enclosingMark:
            // Variation selectors and the grapheme joiner are marks too.
            self = properties.isDefaultIgnorableCodePoint ? .ignored : .mark
        case .otherLetter, .unassigned:
            // Hangul fillers and reserved ignorables.
            self = properties.isDefaultIgnorableCodePoint ? .ignored : .base
        default:
            self = .base
        }
    }
}
