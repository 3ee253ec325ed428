import Foundation
import Testing
import TestSupport

extension EndToEnd.Screens {
    /// libmosquitto (with OpenSSL) and libsystemd are loaded when a sign
    /// first needs them, not at start-up (docs/architecture.md, "Libraries
    /// loaded on first use"); a machine without one gets a one-line error
    /// naming the Debian package, or, for the optional D-Bus watch, a note
    /// in the events log. The fleet and power-news suites run the loaded
    /// libraries; these look at what the process maps, and hide a library
    /// from it by binding /dev/null over the file in a mount namespace of
    /// its own (`unshare --mount`), as on a machine without the package.
    @Suite("Libraries loaded on first use")
    struct LazyLibraries {
        /// The file the dynamic loader finds for `soname`, from its cache.
        static func libraryPath(_ soname: String) async throws -> String {
            let listing = try await runCommand(try E2E.which("ldconfig"), ["-p"])
            let line = try #require(listing.stdout.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(soname) (")
            }, "ldconfig -p lists no \(soname)")
            let path = try #require(line.components(separatedBy: " => ").last)
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }

        /// A launcher that runs the rest with `library` replaced by an empty
        /// file, in a mount namespace of its own (the host's stays as it is).
        static func without(_ library: String) throws -> [String] {
            let unshare = try E2E.which("unshare")
            let mapRoot = getuid() == 0 ? [] : ["--map-root-user"]
            return [unshare, "--mount"] + mapRoot + ["--", "/bin/sh", "-c", "mount --bind /dev/null \"$0\" && exec \"$@\"", library]
        }

        /// The shared objects a process has mapped: /proc/PID/maps read to
        /// its end (it reports a size of 0, and one read gives a page).
        static func mapped(_ pid: pid_t) throws -> String {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
            defer { try? handle.close() }
            var bytes = Data()
            while let chunk = try handle.read(upToCount: 65536), !chunk.isEmpty { bytes.append(chunk) }
            return String(decoding: bytes, as: UTF8.self)
        }

        @Test("a sign that joins no fleet maps neither libmosquitto nor OpenSSL; it maps libsystemd once its power watch starts")
        func notLoadedUnlessUsed() async throws {
            let sign = try HeadlessSign.start("lazy", arguments: ["SIGN"])
            defer { sign.close() }
            let sources = try await sign.waitForEvent("the power sources") { $0.name == "powerSources" }
            let maps = try Self.mapped(sign.pid)
            #expect(!maps.contains("libmosquitto.so"), "libmosquitto mapped without --mqtt")
            #expect(!maps.contains("libssl.so") && !maps.contains("libcrypto.so"), "OpenSSL mapped without --mqtt")
            #expect(!maps.contains("libcurl.so") && !maps.contains("libexpat.so"), "libcurl or expat mapped without a feed")
            #expect(maps.contains("libsystemd.so.0"), "the power-profiles watch started (\(sources)) without libsystemd")
            #expect(sign.events().filter { $0.name == "error" }.isEmpty, "\(sign.events())")
        }

        @Test("no libmosquitto: `send --mqtt` and a `--mqtt` sign stop with one line naming libmosquitto1")
        func mosquittoMissing() async throws {
            let launcher = try Self.without(try await Self.libraryPath("libmosquitto.so.1"))
            let binary = try E2E.binaryPath()
            let send = try await runCommand(launcher[0], Array(launcher.dropFirst()) + [binary, "send", "--mqtt", "mqtt://127.0.0.1:1", "say", "HI"])
            #expect(send.status == 1, "\(send.stderr)")
            let lines = send.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("libmosquitto.so.1") && lines[0].contains("Debian package libmosquitto1"),
                    "\(send.stderr)")
            let sign = try HeadlessSign.start("nomosq", arguments: ["--mqtt", "mqtt://127.0.0.1:1", "SIGN"], launcher: launcher)
            defer { sign.close() }
            #expect(try await sign.waitForExit() == 1)
            let stderr = try String(contentsOfFile: sign.stderrPath, encoding: .utf8)
            #expect(stderr.split(separator: "\n").count == 1 && stderr.contains("Debian package libmosquitto1"), "\(stderr)")
        }

        @Test("no libcurl: a --feed sign stops with one line naming libcurl4")
        func curlMissing() async throws {
            let launcher = try Self.without(try await Self.libraryPath("libcurl.so.4"))
            let sign = try HeadlessSign.start("nocurl", arguments: ["--feed", "http://127.0.0.1:1/feed.xml"], launcher: launcher)
            defer { sign.close() }
            #expect(try await sign.waitForExit() == 1)
            let stderr = try String(contentsOfFile: sign.stderrPath, encoding: .utf8)
            #expect(stderr.split(separator: "\n").count == 1 && stderr.contains("libcurl.so.4") && stderr.contains("Debian package libcurl4"),
                    "\(stderr)")
        }

        @Test("no libsystemd: the sign plays on the probe, and the powerSources note names libsystemd0")
        func systemdMissing() async throws {
            let library = try await Self.libraryPath("libsystemd.so.0")
            let sign = try HeadlessSign.start("nosd", arguments: ["SIGN"], launcher: try Self.without(library))
            defer { sign.close() }
            let sources = try await sign.waitForEvent("the power sources") { $0.name == "powerSources" }
            #expect(sources.string("profiles") == "none", "\(sources)")
            #expect(sources.string("note")?.contains("system bus: cannot load libsystemd.so.0 (Debian package libsystemd0)") == true,
                    "\(sources)")
            try await sign.waitForEvent("the first policy") { $0.name == "policy" }
            #expect(sign.events().filter { $0.name == "error" }.isEmpty, "\(sign.events())")
            #expect(!(try Self.mapped(sign.pid)).contains("libsystemd.so.0"))
        }
    }
}
