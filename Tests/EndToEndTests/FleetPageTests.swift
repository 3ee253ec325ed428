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
    /// `ok`. The page's screenshots go to a scratch folder, or to the
    /// folder `LEDMARQUEE_SCREENSHOTS` names (`make docs-images`: docs/images/),
    /// so a test run changes no file of the repository.
    @Suite("Fleet page")
    struct FleetPage {
        static let python = FixturePaths.repository.appendingPathComponent(".build/venv/bin/python").path
        static let chromium = "/usr/bin/chromium"
        static let installed = FileManager.default.isExecutableFile(atPath: python)
            && FileManager.default.isExecutableFile(atPath: chromium)
        /// Every check the driver runs, in its order.
        static let checks = ["codec", "wrong-password", "cards", "say", "keyboard", "deck-edit", "schedule", "picture", "screenshots",
                             "undo", "refused-decks", "deck-zones", "hostile", "offline", "reconnect", "viewer", "page-errors"]

        @Test("cards, say to one/a group/all, deck edit and undo, the sign's refusals, the schedule, pictures, hostile names, offline within 2 s, reconnecting, a viewer who may not publish, a wrong password",
              .enabled(if: installed, "needs chromium and Playwright in .build/venv (scripts/install-deps.sh test installs both)"))
        func page() async throws {
            let repository = FixturePaths.repository
            let driver = repository.appendingPathComponent("Tests/Tools/fleet_page.py").path
            let scratch = try E2E.makeTemporaryDirectory("page")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let screenshots = ProcessInfo.processInfo.environment["LEDMARQUEE_SCREENSHOTS"] ?? scratch.appendingPathComponent("shots").path
            // The browser makes its profile, config and cache folders where
            // these say: in the scratch folder, not at the paths the signs
            // are told have none (which root could create).
            var environment = E2E.childEnvironment()
            for (key, folder) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"), ("XDG_RUNTIME_DIR", "runtime")] {
                environment[key] = scratch.appendingPathComponent(folder).path
            }
            let result = try await runCommand(Self.python, [driver, "--binary", try E2E.binaryPath(),
                                                            "--www", repository.appendingPathComponent("www").path,
                                                            "--screenshots", screenshots],
                                              environment: environment, timeout: 180)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            for check in Self.checks {
                let line = lines.first { $0.hasPrefix("ok \(check):") || $0.hasPrefix("FAIL \(check):") }
                #expect(line?.hasPrefix("ok ") == true, "\(check): \(line ?? "not run")\n\(result.stderr.suffix(3000))")
            }
            #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(3000))")
        }
    }
}
