import Testing
@testable import MarqueeCore

/// Inline markup as a message is read (docs/display.md, "Inline markup"):
/// tags become markers in the cue's text, everything else shows as typed.
@Suite("Inline markup: reading the tags")
struct MarkupParseTests {
    static let red = MarkupStyle(color: LEDPixelColor(red: 255, green: 32, blue: 16), blinks: false)

    /// Each scalar of the cue's text with its style, as a layout reads it.
    static func styled(_ text: String) -> [(Character, MarkupStyle)] {
        var result: [(Character, MarkupStyle)] = []
        MarkupText.forEach(in: Cue(text: text).text) { result.append((Character($0), $1)) }
        return result
    }

    static func plain(_ text: String) -> String { MarkupText.plain(Cue(text: text).text) }

    @Test("a colour span and a blink span; the rest in the message's colour")
    func spans() {
        let styled = Self.styled("BUILD {red}FAILED{/} {blink}NOW{/}")
        #expect(String(styled.map(\.0)) == "BUILD FAILED NOW")
        #expect(styled.filter { $0.1 == Self.red }.map(\.0) == Array("FAILED"))
        #expect(styled.filter { $0.1.blinks }.map(\.0) == Array("NOW"))
        #expect(styled.filter { $0.1 == .plain }.count == "BUILD  ".count)
        #expect(Cue(text: "{blink}NOW{/}").blinksMarkup && !Cue(text: "{red}NOW{/}").blinksMarkup)
    }

    @Test("colour names as --color takes them, #RRGGBB, any case; rainbow is no span colour")
    func colours() {
        #expect(Self.styled("{GREEN}A{/}")[0].1.color == LEDPixelColor(red: 40, green: 255, blue: 60))
        #expect(Self.styled("{#0000ff}A{/}")[0].1.color == LEDPixelColor(red: 0, green: 0, blue: 255))
        #expect(Self.plain("{rainbow}A{/}") == "{rainbow}A{/}")
    }

    @Test("unbalanced and unknown tags show as typed", arguments: [
        "{red}OPEN", "CLOSE{/}", "{/}{red}", "{bold}A{/}", "{red }A{/}", "{#12345}A{/}", "{red}A{/", "{}A", "{:}",
    ])
    func asTyped(_ text: String) {
        #expect(Self.plain(text) == text)
        #expect(Self.styled(text).allSatisfy { $0.1 == .plain })
    }

    @Test("a lone tag beside a balanced pair: the pair works, the lone one shows")
    func loneBesidePair() {
        #expect(Self.plain("{red}A{/}{/}") == "A{/}")
        #expect(Self.plain("{blink}{red}A{/}") == "{blink}A")
        #expect(Self.styled("{blink}{red}A{/}").last?.1 == Self.red)
    }

    @Test("{{ escapes a tag as it escapes a field")
    func escaped() {
        #expect(Self.plain("{{red}A{{/}") == "{red}A{/}")
        #expect(Self.plain("{{red}A{/}") == "{red}A{/}")
        #expect(Self.styled("{{blink}A").allSatisfy { $0.1 == .plain })
    }

    @Test("nesting: the innermost colour wins, blink adds, {/} closes the innermost")
    func nesting() {
        let styled = Self.styled("{blink}A{red}B{green}C{/}D{/}E{/}F")
        let green = LEDPixelColor(red: 40, green: 255, blue: 60)
        #expect(styled.map(\.0) == Array("ABCDEF"))
        #expect(styled.map(\.1.blinks) == [true, true, true, true, true, false])
        #expect(styled.map(\.1.color) == [nil, Self.red.color, green, Self.red.color, nil, nil])
    }

    @Test("a field's value never opens a tag, and a tag's markers never come from outside")
    func fieldValues() {
        let cue = Cue(text: "{red}{file:/x}{/} {time}")
        let template = cue.fields!.text!
        let marker = MarkupText.marker(MarkupStyle(color: nil, blinks: true))
        let filled = cue.filled(text: template.render { _ in "{blink}Z" + marker + "Q" }, caption: nil)
        var styles: [MarkupStyle] = []
        MarkupText.forEach(in: filled.text) { _, style in styles.append(style) }
        #expect(MarkupText.plain(filled.text) == "{blink}ZQ {blink}ZQ")
        #expect(!filled.blinksMarkup && styles.contains(Self.red) && !styles.contains { $0.blinks })
        // A marker typed into a message is dropped as it is cleaned.
        #expect(!MarkupText.hasMarkers(Cue(text: "A" + marker + "B").text))
    }

    @Test("text shown as text has the tags removed: captions, the plain-text fallback, records")
    func removed() {
        let cue = Cue(text: "BUILD {red}FAILED{/}", caption: "see {blink}log{/}")
        #expect(cue.caption == "see log" && cue.displayCaption?.text == "see log")
        #expect(cue.displayText.text == "BUILD FAILED")
        #expect(EventRecord.excerpt(cue.text).text == "BUILD FAILED")
    }

    @Test("a fleet's cue keeps its markup when its file fields are shown as typed")
    func fleet() {
        let kept = Cue(text: "{red}A{/} {file:/etc/hostname}", caption: "{file:/x}").withoutFileFields
        #expect(kept.fields == nil && MarkupText.plain(kept.text) == "A {file:/etc/hostname}")
        var keptStyles: [MarkupStyle] = []
        MarkupText.forEach(in: kept.text) { _, style in keptStyles.append(style) }
        #expect(keptStyles.first == Self.red && keptStyles.last == .plain)
        let plainMarkup = Cue(text: "{red}A{/} {{", caption: "{file:/x}").withoutFileFields
        #expect(MarkupText.plain(plainMarkup.text) == "A {")
        var styles: [MarkupStyle] = []
        MarkupText.forEach(in: plainMarkup.text) { _, style in styles.append(style) }
        #expect(styles.first == Self.red)
    }

    @Test("5,000 spans in one message are read in one pass and laid out with a style per glyph")
    func thousandsOfSpans() {
        let text = String(repeating: "{red}A{/}{blink}B{/}", count: 2_500)
        let cue = Cue(text: text)
        #expect(MarkupText.plain(cue.text) == String(repeating: "AB", count: 2_500))
        let layout = TextLayout(text: cue.text, font: LEDFont.builtIn)
        #expect(layout.hasMarkup && layout.blinks)
        #expect(layout.width == TextLayout(text: String(repeating: "AB", count: 2_500), font: LEDFont.builtIn).width)
    }

    @Test("words wrapped at rest keep their span's style")
    func words() {
        let words = MarkupText.words(Cue(text: "{red}ONE TWO{/} THREE").text)
        #expect(words.map(MarkupText.plain) == ["ONE", "TWO", "THREE"])
        var styles: [MarkupStyle] = []
        MarkupText.forEach(in: words[1]) { _, style in styles.append(style) }
        #expect(styles == [Self.red, Self.red, Self.red])
    }

    @Test("right-to-left text keeps each letter's style through reordering")
    func rightToLeft() {
        let (scalars, styles) = VisualText.styledScalars(Cue(text: "\u{5D0}{red}\u{5D1}{/}\u{5D2}").text)
        // Visual order: gimel, bet, alef; bet is the red one.
        #expect(scalars == ["\u{5D2}", "\u{5D1}", "\u{5D0}"])
        #expect(styles == [.plain, Self.red, .plain])
    }
}
