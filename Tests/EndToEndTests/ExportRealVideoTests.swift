import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    /// `--export` to `.mp4` and `.webm` through the real ffmpeg, when it is
    /// installed (docs/export.md, "Video"): `ffprobe` counts the frames it
    /// decodes and reads the size, codec and duration. `make test` does not
    /// install ffmpeg (over a hundred packages); without it this is skipped
    /// with the reason, and the stand-in of `ExportVideo` still checks what
    /// ffmpeg is given.
    @Suite("Export: video through the real ffmpeg")
    struct ExportRealVideo {
        static let installed = (try? E2E.which("ffmpeg")) != nil && (try? E2E.which("ffprobe")) != nil

        /// What ffprobe says of the first video stream, its frames decoded.
        struct Probe: Decodable {
            struct Stream: Decodable {
                let codec_name: String
                let width: Int
                let height: Int
                let nb_read_frames: String
                let r_frame_rate: String
            }
            struct Format: Decodable { let duration: String }
            let streams: [Stream]
            let format: Format
        }

        static func probe(_ path: String) async throws -> Probe {
            let result = try await runCommand(try E2E.which("ffprobe"),
                                              ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                               "-show_entries", "stream=codec_name,width,height,nb_read_frames,r_frame_rate",
                                               "-show_entries", "format=duration", "-of", "json", path], timeout: 60)
            guard result.status == 0 else { throw E2EFailure("ffprobe \(path): \(result.stderr)") }
            return try JSONDecoder().decode(Probe.self, from: result.stdoutData)
        }

        @Test("an MP4 (H.264) and a WebM (VP9) of 2 s at 60 fps: 120 frames decoded, 160x64 (an odd side padded by one), 2 s long",
              .enabled(if: installed, "ffmpeg is not installed (Debian package ffmpeg; make test does not install it)"),
              arguments: [("mp4", "h264"), ("webm", "vp9")])
        func realVideo(format: String, codec: String) async throws {
            let (directory, path) = try Export.scratch("sign." + format)
            defer { try? FileManager.default.removeItem(at: directory) }
            for (pitch, width) in [(8, 160), (5, 106)] {
                // 5 pixels an LED: 21 LEDs are 105 pixels, padded to 106 (yuv420p halves each side).
                let columns = pitch == 8 ? "40" : "42"
                let result = try await runCommand(try E2E.binaryPath(), ["--export", path, "--cols", columns, "--rows", "10",
                                                                         "--led-pixels", String(pitch), "--duration", "2", "HI"],
                                                  environment: E2E.childEnvironment(), timeout: 120)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
                let probe = try await Self.probe(path)
                let stream = try #require(probe.streams.first)
                #expect(stream.codec_name == codec)
                #expect(stream.width == width && stream.height == 8 * pitch, "\(stream.width)x\(stream.height)")
                #expect(stream.nb_read_frames == "120" && stream.r_frame_rate == "60/1", "\(stream)")
                let duration = try #require(Double(probe.format.duration))
                #expect(abs(duration - 2) <= 1.0 / 60 + 0.001, "\(duration) s")
                var status = stat()
                #expect(stat(path, &status) == 0 && status.st_mode & 0o077 != 0, "not a private temporary's mode")
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sign." + format])
            }
        }
    }
}
