import Foundation
import Testing
import TestSupport
@testable import MarqueeApp

/// docs/control.md is written by hand; these tests hold it to
/// ``RemoteCommandTable``, so a command cannot ship undocumented, a removed
/// one cannot stay documented, and `send --help` as the page shows it is
/// the one the program prints.
@Suite("docs/control.md matches the command table")
struct ControlDocsTests {
    static func page() throws -> String {
        try String(contentsOf: FixturePaths.repository.appendingPathComponent("docs/control.md"), encoding: .utf8)
    }

    /// The text of the section under `heading`, to the next `## `.
    static func section(_ heading: String, of text: String) throws -> Substring {
        let start = try #require(text.range(of: "\n\(heading)\n"), "\(heading)").upperBound
        let rest = text[start...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The requests in the first cells of the protocol table's rows, as
    /// JSON objects: `{"cmd":"say","text":…}`.
    static func documentedRequests() throws -> [[String: Any]] {
        let section = try Self.section("## The protocol", of: try page())
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `{") }
        let request = try Regex(#"`(\{"cmd":[^`]*\})`"#)
        return try rows.flatMap { row in
            let firstCell = row.dropFirst(2).prefix { $0 != "|" }
            return try firstCell.matches(of: request).map { match in
                let json = String(firstCell[match.range].dropFirst().dropLast())
                return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
            }
        }
    }

    @Test("the protocol table has a row for every command, and no command the table lacks")
    func everyCommand() throws {
        let documented = try Self.documentedRequests().compactMap { $0["cmd"] as? String }
        #expect(documented.count >= RemoteCommandTable.all.count)
        #expect(Set(documented) == Set(RemoteCommandTable.all.map(\.name)), "\(Set(documented).symmetricDifference(RemoteCommandTable.all.map(\.name)))")
    }

    @Test("a command's rows show every field it takes, and only those")
    func everyField() throws {
        let requests = try Self.documentedRequests()
        for spec in RemoteCommandTable.all {
            let shown = Set(requests.filter { $0["cmd"] as? String == spec.name }.flatMap(\.keys)).subtracting(["cmd"])
            #expect(shown == Set(spec.fields), "\(spec.name): the page shows \(shown.sorted()), the table takes \(spec.fields.sorted())")
        }
    }

    @Test("the page shows send --help as the program prints it")
    func sendHelp() throws {
        let section = try Self.section("## `ledmarquee send`", of: try Self.page())
        let start = try #require(section.range(of: "```\n")).upperBound
        let end = try #require(section[start...].range(of: "```\n")).lowerBound
        let shown = String(section[start..<end])
        #expect(shown == SendUsage.text, "docs/control.md's block differs from send --help:\n\(SendUsage.text)")
    }
}
