/// Heights an outline font is drawn at (docs/display.md, "Fonts").
enum FontSizing {
    /// The height a face is first opened at, before the panel is known:
    /// also the height its average letter is read at.
    static let referenceLineHeight = 32
    /// The least height an outline font is drawn at: below it letters
    /// cannot be told apart, and the panel shows plain text instead when it
    /// is smaller still.
    static let minimumLineHeight = 7
}
