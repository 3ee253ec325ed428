import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    /// `--export` to `.mp4` and `.webm` (docs/export.md, "Video"): frames
    /// piped to an installed ffmpeg, never linked; its absence, failure or
    /// refusal to read is one line, and nothing is left.
    @Suite("Export: video through ffmpeg")
    struct ExportVideo {
        /// A stand-in for ffmpeg (Debian's `ffmpeg` pulls in over a hundred
        /// packages, so the tests do not install it): it records its
        /// arguments and how many bytes it read, writes `VIDEO` to its last
        /// argument and exits with `status`, or exits at once unread.
        static func fakeFFmpeg(in directory: URL, status: Int, reads: Bool = true) async throws -> [String: String] {
            let bin = directory.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let script = reads
                ? "#!/bin/sh\nfor last; do :; done\nprintf '%s\\n' \"$@\" > \"$0.args\"\nwc -c | tr -d ' ' > \"$0.bytes\"\nprintf VIDEO > \"$last\"\nexit \(status)\n"
                : "#!/bin/sh\nexit \(status)\n"
            let path = bin.appendingPathComponent("ffmpeg").path
            // Written by a child shell, not by this process: a descriptor
            // open for writing here would be inherited by whatever another
            // test forks meanwhile, and the sign's exec of the script then
            // fails with ETXTBSY ("Text file busy") until that child execs.
            let written = try await runCommand("/bin/sh", ["-c", "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", script, path])
            try #require(written.status == 0, "\(written.stderr)")
            var environment = E2E.childEnvironment()
            environment["PATH"] = bin.path + ":/usr/bin:/bin"
            return environment
        }

        @Test("a video: raw RGB frames piped to ffmpeg at the frame rate, into the temporary file, renamed into place")
        func video() async throws {
            let (directory, path) = try Export.scratch("sign.mp4")
            defer { try? FileManager.default.removeItem(at: directory) }
            let environment = try await Self.fakeFFmpeg(in: directory, status: 0)
            let result = try await runCommand(try E2E.binaryPath(), ["--export", path, "--cols", "40", "--rows", "10", "--duration", "1", "HI"],
                                              environment: environment)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "VIDEO")
            let fake = directory.appendingPathComponent("bin/ffmpeg").path
            let arguments = try String(contentsOfFile: fake + ".args", encoding: .utf8).split(separator: "\n").map(String.init)
            // 40x10 cells: 20x8 LEDs of 8 pixels; 60 frames of RGB.
            #expect(arguments.starts(with: ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                                            "-s", "160x64", "-r", "60", "-i", "pipe:0"]), "\(arguments)")
            #expect(arguments.contains("libx264") && arguments.suffix(3).dropLast().elementsEqual(["-f", "mp4"]), "\(arguments)")
            #expect(arguments.last?.hasPrefix(directory.path + "/.sign.mp4.") == true)
            #expect(try String(contentsOfFile: fake + ".bytes", encoding: .utf8) == "\(160 * 64 * 3 * 60)\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["bin", "sign.mp4"])
        }

        @Test("no ffmpeg, or one that fails or stops reading: one line, status 1, nothing left",
              arguments: ["absent", "fails", "stops reading"])
        func videoRefused(kind: String) async throws {
            let (directory, path) = try Export.scratch("sign.webm")
            defer { try? FileManager.default.removeItem(at: directory) }
            var environment = E2E.childEnvironment()
            environment["PATH"] = directory.appendingPathComponent("bin").path
            if kind != "absent" { environment = try await Self.fakeFFmpeg(in: directory, status: 3, reads: kind == "fails") }
            let result = try await runCommand(try E2E.binaryPath(), ["--export", path, "--cols", "40", "--rows", "10", "--duration", "1", "HI"],
                                              environment: environment)
            #expect(result.status == 1)
            let expected = switch kind {
            case "absent": "ledmarquee: cannot export a video: ffmpeg is not installed (Debian package ffmpeg)\n"
            case "fails": "ledmarquee: cannot write '\(path)': ffmpeg failed (exit 3)\n"
            default: "ledmarquee: cannot write '\(path)': ffmpeg stopped reading (exit 3)\n"
            }
            #expect(result.stderr == expected)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left == (kind == "absent" ? [] : ["bin"]), "\(left)")
        }
    }
}
