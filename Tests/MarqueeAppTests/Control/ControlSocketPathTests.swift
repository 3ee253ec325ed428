import Foundation
import Glibc
import Testing
@testable import MarqueeApp

/// Where the socket lives and who may use its directory (docs/control.md).
@Suite("Control socket path")
struct ControlSocketPathTests {
    static func resolve(name: String? = nil, control: String? = nil, _ environment: [String: String]) throws -> ControlSocketPath {
        try ControlSocketPath.resolve(name: name, control: control, environment: environment, uid: 1234)
    }

    @Test("--control wins; else the runtime directory; else /tmp/ledmarquee-UID")
    func places() throws {
        #expect(try Self.resolve(control: "/x/s.sock", ["XDG_RUNTIME_DIR": "/run/user/1"]) == ControlSocketPath(path: "/x/s.sock", directory: nil))
        #expect(try Self.resolve(["XDG_RUNTIME_DIR": "/run/user/1"]).path == "/run/user/1/ledmarquee/default.sock")
        #expect(try Self.resolve(name: "lobby", ["XDG_RUNTIME_DIR": "/run/user/1/"]) ==
                ControlSocketPath(path: "/run/user/1/ledmarquee/lobby.sock", directory: "/run/user/1/ledmarquee"))
        for environment in [[:], ["XDG_RUNTIME_DIR": ""], ["XDG_RUNTIME_DIR": "run/user/1"]] {
            #expect(try Self.resolve(name: "a", environment) == ControlSocketPath(path: "/tmp/ledmarquee-1234/a.sock", directory: "/tmp/ledmarquee-1234"))
        }
    }

    @Test("names: letters, digits, . _ -, 1 to 64, no leading dot")
    func names() {
        for good in ["default", "a", "Lobby-2_x.y", String(repeating: "n", count: 64)] {
            #expect(throws: Never.self) { try ControlSocketPath.validate(name: good) }
        }
        for bad in ["", ".hidden", "..", "a/b", "a b", "ä", "a\u{0}", "a\n", String(repeating: "n", count: 65), "\u{1B}[2J"] {
            #expect(throws: ControlSocketPath.Failure.self, "\(bad.debugDescription)") { try ControlSocketPath.validate(name: bad) }
        }
    }

    @Test("a path past sun_path's 107 bytes is refused with its length")
    func tooLong() {
        let path = "/" + String(repeating: "d", count: 107)
        #expect(throws: ControlSocketPath.Failure(message: "\(path): a socket path is at most 107 bytes, this one is 108")) {
            try Self.resolve(control: path, [:])
        }
        #expect(throws: Never.self) { try Self.resolve(control: "/" + String(repeating: "d", count: 106), [:]) }
        #expect(throws: ControlSocketPath.Failure.self) {
            try Self.resolve(name: String(repeating: "n", count: 64), ["XDG_RUNTIME_DIR": "/" + String(repeating: "r", count: 40)])
        }
    }

    @Test("the directory is made 0700; one with group or other bits, or not a directory, is refused")
    func directory() throws {
        let scratch = try ScratchDirectory()
        let made = scratch.path + "/ledmarquee"
        try ControlDirectory.prepare(made)
        var info = stat()
        #expect(lstat(made, &info) == 0 && info.st_mode & 0o777 == 0o700)
        try ControlDirectory.prepare(made)  // again: the one there is fine
        chmod(made, 0o755)
        #expect(throws: ControlSocketPath.Failure(message: "\(made): group or others may use it (mode 755); it must be 0700")) {
            try ControlDirectory.prepare(made)
        }
        chmod(made, 0o700)
        #expect(throws: ControlSocketPath.Failure.self, "someone else's") { try ControlDirectory.prepare(made, uid: getuid() + 1) }
        let file = scratch.path + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: ControlSocketPath.Failure(message: "\(file): not a directory; the control socket cannot live there")) {
            try ControlDirectory.prepare(file)
        }
        #expect(throws: ControlSocketPath.Failure.self, "no parent") { try ControlDirectory.prepare(scratch.path + "/no/such") }
    }
}

/// A private directory under /tmp, removed with everything in it when the
/// test lets go of it.
final class ScratchDirectory: Sendable {
    let path: String

    init() throws {
        var template = Array("/tmp/ledmarquee-ctl-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
