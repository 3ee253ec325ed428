import MarqueeCore
import Testing
@testable import MarqueeApp

/// fontconfig always finds a font: for a family it lacks, its stand-in,
/// which the start says in one line (docs/display.md, "Fonts").
@Suite("Font substitution")
struct FontSubstitutionTests {
    @Test("a family fontconfig lacks is said: the stand-in's family and file")
    func nonsense() throws {
        let found = try FontMatch.file(for: "Qzxv Nonsense Sans")
        #expect(found.requested == ["Qzxv Nonsense Sans"] && found.isSubstitute)
        let notice = try #require(found.substitutionNotice)
        #expect(notice == "no installed font matches 'Qzxv Nonsense Sans': using \(found.families[0]) (\(found.path))")
        #expect(try FontLoader.resolve("Qzxv Nonsense Sans:bold").notice?.hasPrefix("no installed font matches 'Qzxv Nonsense Sans': using ") == true)
    }

    @Test("the family asked for, however written, or none at all, is said nothing of",
          arguments: ["DejaVu Sans", "dejavu sans:bold", "DejaVuSans", "Qzxv Nonsense,DejaVu Sans", ":bold", "monospace", "Sans-Serif"])
    func found(pattern: String) throws {
        // A generic name (monospace) asks fontconfig to choose: its choice is no stand-in.
        let found = try FontMatch.file(for: pattern)
        #expect(found.substitutionNotice == nil, "\(found)")
    }

    @Test("compared as fontconfig compares families: case and blanks aside, any of the match's names")
    func comparison() {
        func found(_ requested: [String], _ families: [String]) -> FontMatch.Found {
            FontMatch.Found(path: "/f.ttf", index: 0, requested: requested, families: families)
        }
        #expect(!found(["dejavu  sans"], ["DejaVu Sans"]).isSubstitute)
        #expect(!found(["DejaVu Sans Condensed"], ["DejaVu Sans", "DejaVu Sans Condensed"]).isSubstitute)
        #expect(!found([], ["DejaVu Sans"]).isSubstitute)
        #expect(found(["Foo", "Bar"], ["DejaVu Sans"]).substitutionNotice
            == "no installed font matches 'Foo', 'Bar': using DejaVu Sans (/f.ttf)")
    }
}
