import Testing
@testable import MarqueeCore

/// A line of text and the scalars it must become, written out by hand from
/// the bidirectional algorithm (and, for Arabic, the joining rules), not
/// taken from FriBidi's output.
struct VisualCase: Sendable, CustomTestStringConvertible {
    var label: String
    var logical: String
    var visual: [UInt32]
    var testDescription: String { label }

    init(_ label: String, _ logical: String, _ visual: String) {
        self.init(label, logical, visual.unicodeScalars.map(\.value))
    }

    init(_ label: String, _ logical: String, _ visual: [UInt32]) {
        self.label = label
        self.logical = logical
        self.visual = visual
    }
}

@Suite("Visual text: bidi order")
struct VisualTextOrderTests {
    static let cases: [VisualCase] = [
        VisualCase("Latin stays as it is", "ON AIR (live)", "ON AIR (live)"),
        // Right-to-left paragraph (first strong letter is R): the run is reversed.
        VisualCase("Hebrew word reversed", "שלום", "\u{5DD}\u{5D5}\u{5DC}\u{5E9}"),
        // LTR paragraph; the space before 123 sits between R and a number
        // (numbers count as R for neutrals) so it joins the RTL run at
        // level 1; 123 is level 2, reversed twice, so it reads 123.
        VisualCase("mixed: LTR parts and numbers keep their order", "ON AIR שלום 123", "ON AIR 123 \u{5DD}\u{5D5}\u{5DC}\u{5E9}"),
        // RTL paragraph: Latin is an LTR island at level 2, placed leftmost.
        VisualCase("Hebrew first makes the line right-to-left", "שלום ON AIR", "ON AIR \u{5DD}\u{5D5}\u{5DC}\u{5E9}"),
        VisualCase("a number inside Hebrew keeps its digit order", "אב 12 גד", "\u{5D3}\u{5D2} 12 \u{5D1}\u{5D0}"),
        // Brackets enclosing R resolve to R; reversed, then mirrored.
        VisualCase("brackets are mirrored in a right-to-left run", "(שלום)", "(\u{5DD}\u{5D5}\u{5DC}\u{5E9})"),
        // A lone R letter between L text: a one-letter run, nothing moves.
        VisualCase("one Hebrew letter between Latin words", "A ב C", "A \u{5D1} C"),
        // Marks stay after their base in visual order, ready to overlay.
        VisualCase("a Hebrew point follows its letter", "\u{5E9}\u{5B4}\u{5DC}", "\u{5DC}\u{5E9}\u{5B4}"),
    ]

    @Test("visual order", arguments: cases)
    func order(_ line: VisualCase) {
        #expect(VisualText.scalars(line.logical).map(\.value) == line.visual)
        #expect(VisualText.displayString(line.logical).unicodeScalars.map(\.value) == line.visual)
    }
}

@Suite("Visual text: Arabic joining")
struct VisualTextArabicTests {
    static let cases: [VisualCase] = [
        // seen initial, lam medial + alef final -> LAM WITH ALEF FINAL
        // ligature, meem isolated (alef does not join to the left); then
        // reversed. The lam's slot, filled by FriBidi, is dropped.
        VisualCase("سلام: initial seen, lam-alef ligature, isolated meem", "سلام", [0xFEE1, 0xFEFC, 0xFEB3]),
        // beh initial, yeh medial, teh final.
        VisualCase("بيت: initial, medial, final", "بيت", [0xFE96, 0xFEF4, 0xFE91]),
        // lam initial + alef final -> LAM WITH ALEF ISOLATED.
        VisualCase("لا: the isolated lam-alef ligature", "لا", [0xFEFB]),
        // A lone letter is isolated; a haraka is transparent and stays a mark.
        VisualCase("بَ: isolated beh, fatha kept after it", "بَ", [0xFE8F, 0x064E]),
        // European digits after Arabic become Arabic numbers (level 2):
        // they keep their order and move to the left of the word.
        VisualCase("Arabic word then digits", "سلام 2024", [0x32, 0x30, 0x32, 0x34, 0x20, 0xFEE1, 0xFEFC, 0xFEB3]),
    ]

    @Test("presentation forms in visual order", arguments: cases)
    func shaping(_ line: VisualCase) {
        #expect(VisualText.scalars(line.logical).map(\.value) == line.visual)
    }
}

@Suite("Visual text: composition")
struct VisualTextCompositionTests {
    @Test("NFC composes what has a precomposed form, keeps what has none", arguments: [
        ("e\u{301}", [0xE9]),
        ("A\u{30A}", [0xC5]),
        ("\u{212B}", [0xC5]),                       // ANGSTROM SIGN is canonically Å
        ("q\u{301}", [0x71, 0x301]),
        ("\u{5E9}\u{5BC}\u{5C1}", [0x5E9, 0x5BC, 0x5C1]), // shin with points: excluded from composition
        ("\u{627}\u{653}", [0xFE81]),               // alef + madda -> U+0622, then isolated form
    ] as [(String, [UInt32])])
    func nfc(logical: String, visual: [UInt32]) {
        #expect(VisualText.scalars(logical).map(\.value) == visual)
    }
}

@Suite("Visual text: hostile input")
struct VisualTextHostileTests {
    @Test("unpaired bidi controls act, then vanish", arguments: [
        ("\u{202E}abc", "cba"),      // RLO never closed: overrides to the end
        ("\u{202C}abc", "abc"),      // PDF with nothing to close
        ("\u{2067}abc", "abc"),      // RLI never closed: abc is an LTR island
        ("\u{2067}שלום", "\u{5DD}\u{5D5}\u{5DC}\u{5E9}"),    // RLI hides the Hebrew from the base direction
        ("abc\u{202B}", "abc"),      // RLE at the very end
        ("\u{200F}", ""),            // RLM alone
        ("\u{2069}\u{2069}x", "x"),  // PDIs with no isolate
    ])
    func unpairedControls(logical: String, visual: String) {
        #expect(VisualText.displayString(logical) == visual)
    }

    @Test("sanitized text has no bidi controls left to act")
    func sanitizedFirst() {
        #expect(VisualText.displayString(TerminalText.sanitize("\u{202E}abc")) == "abc")
    }

    @Test("empty and marks only")
    func emptyAndMarks() {
        #expect(VisualText.scalars("").isEmpty)
        #expect(VisualText.displayString("") == "")
        #expect(VisualText.scalars("\u{301}\u{302}").map(\.value) == [0x301, 0x302])
        #expect(VisualText.scalars("\u{200D}\u{FE0F}").map(\.value) == [0x200D, 0xFE0F])
    }

    @Test("a 100,000-scalar Hebrew line is reversed whole")
    func longHebrew() {
        let logical = String(repeating: "שלום ", count: 20_000)
        let visual = VisualText.scalars(logical)
        #expect(visual.count == 100_000)
        #expect(visual == Array(logical.unicodeScalars.reversed()))
    }

    @Test("lines beyond the bound are cut to it", arguments: ["a", "א", "ب"])
    func bounded(letter: String) {
        let logical = String(repeating: letter, count: VisualText.maximumScalars + 7)
        #expect(VisualText.scalars(logical).count == VisualText.maximumScalars)
    }
}
