import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// The man page and the README are written by hand; these tests hold them
/// to ``OptionTable`` and ``KeyBindings``, so a new option or key cannot
/// ship undocumented, and a removed one cannot stay documented.
@Suite("Docs match the tables")
struct DocumentationDriftTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CommandLine
        .deletingLastPathComponent()  // MarqueeAppTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// One `.TP` entry of a man page section: its tag line and its body,
    /// both as the reader sees them.
    struct Entry {
        let tag: String
        let body: String
        /// The tag's words: `-c, --color C` gives `-c`, `--color`, `C`.
        var tokens: [Substring] { tag.split(whereSeparator: { $0 == " " || $0 == "," }) }
    }

    static func manSection(_ name: String) throws -> [String] {
        let lines = try read("Resources/ledmarquee.1").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: ".SH \(name)"), "man page section \(name)")
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(".SH ") })
    }

    static func entries(_ section: [String]) -> [Entry] {
        var entries: [Entry] = []
        var index = 0
        while index < section.count {
            defer { index += 1 }
            guard section[index] == ".TP", index + 1 < section.count else { continue }
            let body = section[(index + 2)...].prefix { $0 != ".TP" && $0 != ".PP" }
            entries.append(Entry(tag: Roff.plain(section[index + 1]), body: body.map(Roff.plain).joined(separator: " ")))
        }
        return entries
    }

    @Test("the man page's OPTIONS has an entry for every option, with its letter, aliases, placeholder and default")
    func manOptions() throws {
        let entries = Self.entries(try Self.manSection("OPTIONS"))
        #expect(entries.count == OptionTable.all.count, "\(entries.map(\.tag))")
        for spec in OptionTable.all {
            let entry = try #require(entries.first { $0.tokens.contains(Substring("--" + spec.long)) }, "--\(spec.long)")
            let tokens = entry.tokens
            if let short = spec.short { #expect(tokens.contains(Substring("-\(short)")), "-\(short)") }
            for alias in spec.aliases { #expect(tokens.contains(Substring("--" + alias)), "--\(alias)") }
            if let placeholder = spec.placeholder { #expect(tokens.contains(Substring(placeholder)), "--\(spec.long) \(placeholder)") }
            if let defaultText = spec.defaultText {
                #expect(entry.body.contains("default \(defaultText)"), "--\(spec.long): \(entry.body)")
            }
            #expect(entry.body.contains("Command line only") == spec.commandLineOnly, "--\(spec.long) says where it may be given")
        }
    }

    @Test("the man page's KEYS has an entry for every key binding, labelled as the table labels it")
    func manKeys() throws {
        let entries = Self.entries(try Self.manSection("KEYS"))
        #expect(entries.count == KeyBindings.all.count, "\(entries.map(\.tag))")
        for binding in KeyBindings.all {
            #expect(entries.contains { $0.tag.components(separatedBy: ", ") == binding.labels }, "\(binding.labels)")
        }
    }

    /// The README's table rows under `heading`, cells trimmed, code marks removed.
    static func readmeRows(under heading: String) throws -> [[String]] {
        let text = try read("README.md")
        let start = try #require(text.range(of: "\n\(heading)\n"), "\(heading)").upperBound
        let section = text[start...]
        let end = section.range(of: "\n#")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n")
            .filter { $0.hasPrefix("|") && !$0.hasPrefix("|---") }
            .dropFirst()  // the header
            .map { row in
                row.split(separator: "|").map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: CharacterSet.whitespaces) }
            }
    }

    @Test("the README's options table has a row for every option, with its letter, aliases, placeholder and default")
    func readmeOptions() throws {
        let rows = try Self.readmeRows(under: "### Options")
        #expect(rows.count == OptionTable.all.count)
        for spec in OptionTable.all {
            let row = try #require(rows.first { $0[0].split(whereSeparator: { $0 == " " || $0 == "," }).contains(Substring("--" + spec.long)) },
                                   "--\(spec.long)")
            let tokens = row[0].split(whereSeparator: { $0 == " " || $0 == "," })
            if let short = spec.short { #expect(tokens.contains(Substring("-\(short)")), "-\(short)") }
            for alias in spec.aliases { #expect(tokens.contains(Substring("--" + alias)), "--\(alias)") }
            if let placeholder = spec.placeholder { #expect(tokens.contains(Substring(placeholder)), "--\(spec.long) \(placeholder)") }
            if let defaultText = spec.defaultText { #expect(row.last == defaultText, "--\(spec.long) default: \(row)") }
        }
    }

    @Test("the README's keys table has a row for every key binding")
    func readmeKeys() throws {
        let rows = try Self.readmeRows(under: "### Keys")
        #expect(rows.count == KeyBindings.all.count)
        for binding in KeyBindings.all {
            #expect(rows.contains { $0[0].components(separatedBy: ", ") == binding.labels }, "\(binding.labels)")
        }
    }

    @Test("nothing in the man page or the README names an option the table (or `send`) does not have")
    func noUnknownOptions() throws {
        let man = try Self.read("Resources/ledmarquee.1").split(separator: "\n").map { Roff.plain(String($0)) }.joined(separator: "\n")
        let readme = try Self.read("README.md")
        let pattern = try Regex("--[a-z][a-z-]*")
        for (name, text) in [("man page", man), ("README", readme)] {
            let named = Set(text.matches(of: pattern).map { String(text[$0.range].dropFirst(2)) })
            #expect(named.count > 10, "\(name) names options")
            for option in named.sorted() {
                #expect(OptionTable.named(option) != nil || SendArguments.optionNames.contains(option), "\(name) names --\(option)")
            }
        }
    }

    @Test("the roff reading is right, so the checks above can fail")
    func roff() {
        #expect(Roff.plain(#".BR \-c ", " \-\-color " " \fIC\fR"#) == "-c, --color C")
        #expect(Roff.plain(#".B \-\-once"#) == "--once")
        #expect(Roff.plain(#".BR q ", " Ctrl\-\e"#) == "q, Ctrl-\\")
        #expect(Roff.plain(#"Seconds (default \fB5\fR), \(aqx\(aq \[u2192]"#) == "Seconds (default 5), 'x' →")
        let entries = Self.entries([".TP", ".BI \\-\\-speed \" N\"", "Fast.", ".TP", ".B x", "y", ".PP", "after"])
        #expect(entries.map(\.tag) == ["--speed N", "x"] && entries.map(\.body) == ["Fast.", "y"])
    }
}

/// Just enough of roff to read this man page's text: font macros and the
/// escapes it uses.
enum Roff {
    static func plain(_ line: String) -> String {
        guard line.hasPrefix(".") else { return unescape(line) }
        let words = arguments(String(line.drop { $0 != " " }))
        switch line.prefix(while: { $0 != " " }) {
        case ".B", ".I", ".SH", ".SS": return words.map(unescape).joined(separator: " ")
        case ".BR", ".RB", ".BI", ".IB", ".IR", ".RI": return words.map(unescape).joined()
        default: return ""
        }
    }

    /// Macro arguments: split at blanks, a quoted one kept whole.
    static func arguments(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let first = rest.first {
            rest = rest.dropFirst()
            guard first == "\\", let next = rest.first else {
                result.append(first)
                continue
            }
            rest = rest.dropFirst()
            switch next {
            case "-": result += "-"
            case "e": result += "\\"
            case "&", "%": break
            case "f": rest = rest.dropFirst()
            case "(":
                let name = rest.prefix(2)
                rest = rest.dropFirst(2)
                result += ["aq": "'", "dq": "\"", "lq": "\u{201C}", "rq": "\u{201D}"][String(name)] ?? ""
            case "[":
                let name = rest.prefix { $0 != "]" }
                rest = rest.dropFirst(name.count + 1)
                if name.hasPrefix("u"), let value = UInt32(name.dropFirst(), radix: 16), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += ["pc": "\u{00B7}"][String(name)] ?? ""
                }
            default: result.append(next)
            }
        }
        return result
    }
}
