import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    /// `--export` refused or stopped (docs/export.md, "Writing the file",
    /// "Caps"): bad targets and values, a full disk, a signal mid-export —
    /// one line, the right status, nothing left beside the target.
    @Suite("Export: refusals and failures")
    struct ExportFailures {
        @Test("a signal mid-export: the temporary file is removed and the process dies of the signal",
              arguments: [SIGINT, SIGTERM, SIGHUP])
        func signalled(signal: Int32) async throws {
            let (directory, path) = try Export.scratch("sign.gif")
            let (logs, _) = try Export.scratch("logs")
            defer {
                try? FileManager.default.removeItem(at: directory)
                try? FileManager.default.removeItem(at: logs)
            }
            // Ten minutes at 200x50: tens of seconds of work, time enough to be stopped in.
            let pid = try spawnProgram(try E2E.binaryPath(), ["--export", path, "--cols", "200", "--rows", "50", "--duration", "600",
                                                               "ON AIR"],
                                       environment: E2E.childEnvironment(), stdin: "/dev/null",
                                       stdout: logs.appendingPathComponent("out").path, stderr: logs.appendingPathComponent("err").path)
            var status: Int32 = 0
            defer { if kill(pid, 0) == 0 { kill(pid, SIGKILL); waitpid(pid, &status, 0) } }
            let temporary = try await waitFor("the temporary file", timeout: 30) {
                try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".tmp") }
            }
            #expect(temporary.hasPrefix(".sign.gif."))
            kill(pid, signal)
            _ = try await waitFor("the export's end", timeout: 30) { waitpid(pid, &status, WNOHANG) == pid ? true : nil }
            #expect(exitCode(fromWaitStatus: status) == 128 + signal)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }

        @Test("bad targets: one line, status 1, nothing written; a FIFO does not block",
              arguments: ["directory", "fifo", "device", "missing"])
        func badTargets(kind: String) async throws {
            let directory = try E2E.makeTemporaryDirectory("export")
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent(kind == "missing" ? "no/such.gif" : "\(kind).gif").path
            var kept = ["\(kind).gif"]
            switch kind {
            case "directory":
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case "fifo":
                #expect(mkfifo(path, 0o600) == 0)
            case "device":
                // A name of the right extension for /dev/full: refused as a device.
                #expect(symlink("/dev/full", path) == 0)
            default:
                kept = []
            }
            let result = try await Export.export(["--export", path, "--duration", "1", "X"])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("ledmarquee: cannot write '\(path)': ") && result.stderr.filter { $0 == "\n" }.count == 1,
                    "\(result.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left == kept, "\(left)")
        }

        @Test("a full disk (a tmpfs of 8 KiB): one line with the reason, status 1, and nothing left in it")
        func fullDisk() async throws {
            let directory = try E2E.makeTemporaryDirectory("export")
            defer { try? FileManager.default.removeItem(at: directory) }
            let mapRoot = getuid() == 0 ? [] : ["--map-root-user"]
            let script = #"mount -t tmpfs -o size=8k tmpfs "$0" || exit 99; "$@"; status=$?; echo "left:$(ls -A "$0")"; exit $status"#
            let path = directory.appendingPathComponent("sign.gif").path
            let result = try await runCommand(try E2E.which("unshare"), ["--mount"] + mapRoot
                + ["--", "/bin/sh", "-c", script, directory.path, try E2E.binaryPath(), "--export", path, "--duration", "3", "ON AIR"])
            try #require(result.status != 99, "no tmpfs could be mounted: \(result.stderr)")
            #expect(result.status == 1)
            #expect(result.stderr == "ledmarquee: cannot write '\(path)': No space left on device\n")
            #expect(result.stdout == "left:\n")
        }

        @Test("bad values: a usage line and status 2, or a size over the cap refused at once", arguments: [
            (["--export", "x.bmp", "X"], 2, "ledmarquee: cannot export '/"),
            (["--export", "x.gif", "--duration", "0", "X"], 2, "ledmarquee: '--duration' must be more than 0"),
            (["--export", "x.gif", "--duration", "86400", "X"], 2, "ledmarquee: '--duration' must be more than 0"),
            (["--export", "x.gif", "--duration", "nan", "X"], 2, "ledmarquee: '--duration' must be more than 0"),
            (["--export", "x.png", "--led-pixels", "64", "--cols", "4096", "X"], 1,
             "ledmarquee: cannot export: a picture of 2048x"),
            (["--export", "x.gif", "--cols", "1", "--rows", "1", "X"], 1,
             "ledmarquee: cannot export: the sign has no LED panel at 1x1: give larger --cols and --rows"),
        ])
        func badValues(arguments: [String], status: Int32, message: String) async throws {
            let directory = try E2E.makeTemporaryDirectory("export")
            defer { try? FileManager.default.removeItem(at: directory) }
            let arguments = arguments.map { $0.hasPrefix("x.") ? directory.appendingPathComponent($0).path : $0 }
            let result = try await Export.export(arguments)
            #expect(result.status == status)
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }
}
