import Foundation
import Testing
import TestSupport

extension EndToEnd.Timing {
    /// The fleet page (docs/fleet-page.md) in a real browser: Debian's
    /// chromium, headless, driven by Playwright from the project's venv
    /// (`scripts/install-deps.sh test`), against a real Mosquitto that serves
    /// `www/` over WebSockets, with two real headless signs. The driver,
    /// `Tests/Tools/fleet_page.py`, shares one broker and one browser across
    /// its checks and prints a line for each; every check named here must say
    /// `ok`. It writes the page's screenshots into docs/images/.
    @Suite("Fleet page")
    struct FleetPage {
        static let python = FixturePaths.repository.appendingPathComponent(".build/venv/bin/python").path
        static let chromium = "/usr/bin/chromium"
        static let installed = FileManager.default.isExecutableFile(atPath: python)
            && FileManager.default.isExecutableFile(atPath: chromium)
        /// Every check the driver runs, in its order.
        static let checks = ["codec", "wrong-password", "cards", "say", "keyboard", "deck-edit", "schedule", "picture", "screenshots",
                             "undo", "refused-decks", "hostile", "offline", "reconnect", "viewer", "page-errors"]

        @Test("cards, say to one/a group/all, deck edit and undo, the sign's refusals, the schedule, pictures, hostile names, offline within 2 s, reconnecting, a viewer who may not publish, a wrong password",
              .enabled(if: installed, "needs chromium and Playwright in .build/venv (scripts/install-deps.sh test installs both)"))
        func page() async throws {
            let repository = FixturePaths.repository
            let driver = repository.appendingPathComponent("Tests/Tools/fleet_page.py").path
            let result = try await runCommand(Self.python, [driver, "--binary", try E2E.binaryPath(),
                                                            "--www", repository.appendingPathComponent("www").path,
                                                            "--screenshots", repository.appendingPathComponent("docs/images").path],
                                              timeout: 180)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            for check in Self.checks {
                let line = lines.first { $0.hasPrefix("ok \(check):") || $0.hasPrefix("FAIL \(check):") }
                #expect(line?.hasPrefix("ok ") == true, "\(check): \(line ?? "not run")\n\(result.stderr.suffix(3000))")
            }
            #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(3000))")
        }
    }
}
