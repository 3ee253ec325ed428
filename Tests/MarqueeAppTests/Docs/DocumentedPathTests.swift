import Foundation
import Testing
import TestSupport

/// The design docs point at the code by path; a file that moved leaves a
/// pointer to nothing. Every `Sources/…` and `Tests/…` path written in
/// README.md or docs/ must exist.
@Suite("Documented paths")
struct DocumentedPathTests {
    static var documents: [URL] {
        let docs = FixturePaths.repository.appendingPathComponent("docs")
        let pages = (try? FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)) ?? []
        return [FixturePaths.repository.appendingPathComponent("README.md")]
            + pages.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    @Test("every source and test path named in the docs exists")
    func pathsExist() throws {
        #expect(Self.documents.count > 5, "README.md and the docs/ pages are found")
        let pattern = try Regex(#"(?:Sources|Tests)/[A-Za-z0-9_+./-]*\.(?:swift|h|c|md|py|sh)"#)
        var named = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in text.matches(of: pattern) {
                named += 1
                let path = String(text[match.range])
                #expect(FileManager.default.fileExists(atPath: FixturePaths.repository.appendingPathComponent(path).path),
                        "\(document.lastPathComponent) names \(path), which does not exist")
            }
        }
        #expect(named > 20, "the docs name the code they describe")
    }
}
