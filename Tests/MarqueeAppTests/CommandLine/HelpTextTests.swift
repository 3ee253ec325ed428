import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("--help")
struct HelpTextTests {
    let help = Usage.text
    var lines: [Substring] { help.split(separator: "\n", omittingEmptySubsequences: false) }
    /// The help with its wrapping undone: one space between words.
    var flat: String { help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }

    @Test("every line fits 80 columns")
    func width() {
        for line in lines {
            #expect(TerminalText.cellWidth(of: String(line)) <= 80, "\(line.count) columns: \(line)")
        }
    }

    @Test("every option is listed with its short letter, aliases, placeholder and default, in table order")
    func options() throws {
        var previous = -1
        for spec in OptionTable.all {
            let names = ([spec.long] + spec.aliases).map { "--" + $0 }.joined(separator: ", ")
            let head = (spec.short.map { "-\($0), " } ?? "    ") + names + (spec.placeholder.map { " " + $0 } ?? "")
            let index = try #require(lines.firstIndex { $0 == "  " + head || $0.hasPrefix("  " + head + "  ") }, "--\(spec.long)")
            #expect(index > previous, "--\(spec.long) comes after the option before it")
            previous = index
            let summary = spec.summary + (spec.defaultText.map { " (default \($0))" } ?? "")
            let flatHead = head.split(separator: " ").joined(separator: " ")
            #expect(flat.contains(flatHead + " " + summary), "--\(spec.long): \(summary)")
        }
    }

    @Test("says that speed 0 is static and where the config file is")
    func mentions() {
        #expect(flat.contains("--speed N characters per second (a character: half the letter height), -20 to 20; "
                              + "negative scrolls left-to-right; 0 is static (default 5)"))
        #expect(flat.contains("$XDG_CONFIG_HOME/ledmarquee/config (else ~/.config/ledmarquee/config)"))
    }

    @Test("the Keys section lists every key binding, Ctrl-C, Ctrl-\\ and Ctrl-Z included")
    func keys() throws {
        let keys = try #require(help.range(of: "\nKeys:\n")).upperBound
        let section = help[keys...].split(separator: "\n")
        #expect(section.count == KeyBindings.all.count)
        for (line, binding) in zip(section, KeyBindings.all) {
            #expect(line.hasPrefix("  " + binding.labels.joined(separator: " ") + " "))
            #expect(line.hasSuffix(binding.summary))
        }
        for label in ["Ctrl-C", "Ctrl-\\", "Ctrl-Z", "l", "h", "Esc"] {
            #expect(section.contains { $0.split(separator: " ").contains(Substring(label)) }, "\(label)")
        }
    }

    @Test("a summary too long for its line wraps under the summary column")
    func wrapping() {
        let spec = OptionSpec("example-option-name", placeholder: "VALUE", value: .text, defaultText: "somewhere",
                              summary: String(repeating: "word ", count: 30))
        let lines = Usage.optionLines(spec)
        #expect(lines[0] == "      --example-option-name VALUE")
        let indent = String(repeating: " ", count: Usage.summaryColumn)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(indent) && $0.dropFirst(indent.count).first != " " })
        #expect(lines.dropFirst().joined(separator: " ").split(separator: " ").joined(separator: " ")
                == String(repeating: "word ", count: 30) + "(default somewhere)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.count > 3)
    }
}
