import Foundation
import Testing

extension EndToEnd.Screens {
    @Suite("Wide glyphs")
    struct WideGlyphs {
        @Test("こんにちは shows lit LEDs and scrolls (built-in font plus the Unifont fallback)")
        func japanese() async throws {
            let session = try await Session.start("wide", Launch(arguments: ["こんにちは"]))
            defer { session.close() }
            let cue = try await session.waitForEvent("cue") { $0.name == "cue" }
            #expect(cue.string("text") == "こんにちは")
            try await session.waitForLitLEDs(minimum: 20, timeout: 8)
            try await session.waitForMovement("the wide glyphs to move left") { $0.left >= 2 }
        }

        @Test("こんにちは is drawn with real glyphs, not placeholder boxes")
        func realGlyphs() async throws {
            let binary = try E2E.binaryPath()
            let environment = E2E.childEnvironment().merging(["NO_COLOR": "1"]) { $1 }
            func frame(_ message: String) async throws -> String {
                let result = try await runCommand(
                    binary, ["--snapshot", "--static", "--cols", "200", "--rows", "24", message], environment: environment)
                #expect(result.status == 0, "\(message): \(result.stderr)")
                return result.stdout
            }
            let hello = try await frame("こんにちは")
            let goodbye = try await frame("さようなら")
            // Private-use characters are in no font: five placeholder boxes.
            let boxes = try await frame("\u{E000}\u{E001}\u{E002}\u{E003}\u{E004}")
            #expect(hello.contains("●"))
            #expect(hello != boxes, "こんにちは drawn as placeholder boxes:\n\(hello)")
            #expect(hello != goodbye, "two different Japanese words look the same:\n\(hello)")
        }
    }
}
