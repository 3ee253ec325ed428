import Testing
@testable import MarqueeCore

@Suite("Word wrap")
struct WordWrapTests {
    @Test("greedy wrapping at spaces, a too-long word alone on its line", arguments: [
        ("See: recursion, again", 10, ["See:", "recursion,", "again"]),
        ("one two three", 80, ["one two three"]),
        ("one two three", 7, ["one two", "three"]),
        ("supercalifragilistic is long", 5, ["supercalifragilistic", "is", "long"]),
        ("  spaced   out  ", 20, ["spaced out"]),
        ("", 10, []),
    ])
    func text(input: String, width: Int, expected: [String]) {
        #expect(WordWrap.text(input, width: width) == expected)
    }

    @Test("captions: one or two rows wrapped at words, else nil (it scrolls)")
    func captions() {
        #expect(CaptionLayout.lines(for: "short", width: 20) == ["short"])
        #expect(CaptionLayout.lines(for: "a caption that wraps", width: 12) == ["a caption", "that wraps"])
        #expect(CaptionLayout.lines(for: "a caption that needs three rows", width: 12) == nil)
        #expect(CaptionLayout.lines(for: "unbreakablewordhere", width: 12) == nil)
        #expect(CaptionLayout.lines(for: "x", width: 0) == nil)
    }
}
