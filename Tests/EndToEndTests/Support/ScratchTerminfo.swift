import Foundation

/// A terminfo database of the test's own, compiled by `tic` (ncurses-bin,
/// Essential in Debian) into a scratch folder: a terminal that lacks a
/// capability is made by cancelling it (`dch@`) on top of a real entry. The
/// program reads it through `TERMINFO`; `remove()` deletes the folder.
struct ScratchTerminfo {
    let directory: URL

    /// Compiles `source` (terminfo source text, any number of entries).
    static func compile(_ source: String) async throws -> ScratchTerminfo {
        let directory = try E2E.makeTemporaryDirectory("terminfo")
        let entries = ScratchTerminfo(directory: directory)
        do {
            let file = directory.appendingPathComponent("entries.src")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let tic = try await runCommand("/usr/bin/tic", ["-x", "-o", directory.path, file.path])
            guard tic.status == 0 else { throw E2EFailure("tic failed: \(tic.stderr)\n\(source)") }
        } catch {
            entries.remove()
            throw error
        }
        return entries
    }

    /// The environment that makes the program find these entries.
    var environment: [String: String] { ["TERMINFO": directory.path] }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// tmux's own entry without delete-character: every scrolled row is
    /// rewritten instead of shifted.
    static let withoutDeleteCharacter = """
        lm-nodch|tmux-256color without dch and dch1,
        \tdch@, dch1@, use=tmux-256color,

        """

    /// A terminal with cursor addressing and little else: no colours, no
    /// delete-character, no column or row addressing, no cursor-right, no
    /// alternate screen, no bold or dim. Lit and unlit LEDs must still differ
    /// (by glyph) and the picture must be right.
    static let bare = """
        lm-bare|cursor addressing and clear only,
        \tam, xenl, cols#80, lines#24,
        \tclear=\\E[H\\E[J, cup=\\E[%i%p1%d;%p2%dH, sgr0=\\E[m, el=\\E[K,

        """

    /// No cursor addressing at all: the sign cannot be drawn.
    static let withoutCursorAddressing = """
        lm-nocup|tmux-256color without cup,
        \tcup@, use=tmux-256color,

        """
}
