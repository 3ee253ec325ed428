import Foundation
import Testing

/// The man page as `man` shows it: groff (what man-db runs) and mandoc (a
/// stricter reader) format it with every warning on, and neither may warn.
/// A `.BR` with the next sentence on its line once ran a paragraph's words
/// together ("POWER).Withnomessage…"); both formatters catch that kind of
/// slip, which the drift tests (words only) cannot.
@Suite("Man page formats cleanly")
struct ManPageLintTests {
    static let page = DocumentationDriftTests.root.appendingPathComponent("Resources/ledmarquee.1").path

    /// Runs `tool` with `arguments`; what it printed on both streams.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("groff -man -Tutf8 -ww: no warning")
    func groff() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff (groff-base; scripts/install-deps.sh test)")
        let (status, output) = try Self.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", Self.page])
        #expect(status == 0 && output.isEmpty, "\(output)")
    }

    @Test("mandoc -T lint -W warning: no warning")
    func mandoc() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc"), "mandoc (scripts/install-deps.sh test)")
        let (status, output) = try Self.run("/usr/bin/mandoc", ["-T", "lint", "-W", "warning", Self.page])
        #expect(status == 0 && output.isEmpty, "\(output)")
    }

    @Test("the description's sentences keep their spaces")
    func wordsApart() throws {
        let (_, output) = try Self.run("/usr/bin/groff", ["-man", "-Tutf8", "-P-cbou", Self.page])
        let text = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("(see POWER). With no message and no file it plays a built-in demo deck"), "\(text.prefix(1200))")
    }
}
