import Glibc
import MarqueeCore

/// Writes an animation as an MP4 (H.264) or WebM (VP9) video by piping raw
/// RGB frames to an installed `ffmpeg` (docs/export.md, "Video"). ffmpeg
/// is never linked: it is found on `PATH` when asked for, and its absence
/// is one line naming the Debian package. A video has a constant frame
/// rate, so every frame of the timeline is written, equal or not; ffmpeg
/// writes the temporary file (`-f` names the container, whatever its
/// name), which the exporter renames into place once ffmpeg exits 0.
final class FFmpegWriter: AnimationWriter {
    static let delayUnit = 1000
    static let maximumFrameRate: Int? = nil

    /// The container and codec for each format.
    static func arguments(for format: ExportFormat) -> [String] {
        format == .webm ? ["-c:v", "libvpx-vp9", "-lossless", "1", "-f", "webm"]
            : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-movflags", "+faststart", "-f", "mp4"]
    }

    /// `ffmpeg` on `PATH`, or the one-line error naming its package.
    static func locate(environment: [String: String]) throws(Platform.Failure) -> String {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw Platform.Failure(message: "cannot export a video: ffmpeg is not installed (Debian package ffmpeg)", status: 1)
    }

    private let file: ExportFile
    private let pid: pid_t
    /// The write end of ffmpeg's standard input; -1 once closed.
    private var input: Int32
    private var rgb: [UInt8]
    private var closed = false

    /// Starts `ffmpeg` reading `fps` frames a second of `width` x `height`
    /// RGB from a pipe and writing `format` to the export's temporary file.
    init(file: ExportFile, width: Int, height: Int, palette: ExportPalette, format: ExportFormat, fps: Int) throws(Platform.Failure) {
        let ffmpeg = try FFmpegWriter.locate(environment: Platform.environment)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ExportFile.failure(file.path, String(cString: strerror(errno))) }
        // Close-on-exec: ffmpeg must hold no write end, or it never sees
        // the end of its input (its standard input is a dup2, which keeps).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Odd sides are padded by one black pixel: yuv420p halves each side.
        let arguments = [ffmpeg, "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                         "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0",
                         "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p"]
            + FFmpegWriter.arguments(for: format) + [file.temporary]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // ffmpeg gets the signals as a fresh process has them: none
        // blocked, SIGPIPE (ignored here) at its default.
        var none = sigset_t(), pipeSignal = sigset_t()
        sigemptyset(&none)
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&child, ffmpeg, &actions, &attributes, argv, environ)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            throw ExportFile.failure(file.path, "cannot start \(ffmpeg): \(String(cString: strerror(status)))")
        }
        pid = child
        input = ends[1]
        self.file = file
        rgb = [UInt8](repeating: 0, count: width * height * 3)
    }

    func add(_ image: IndexedImage, palette: ExportPalette, delay: Int) throws(Platform.Failure) {
        palette.expand(image, into: &rgb, stride: 3)
        var offset = 0
        while offset < rgb.count {
            let written = rgb.withUnsafeBytes { write(input, $0.baseAddress! + offset, rgb.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                // ffmpeg stopped reading: its exit status says why.
                let reason = errno == EPIPE ? "ffmpeg stopped reading (\(end()))" : String(cString: strerror(errno))
                throw ExportFile.failure(file.path, reason)
            }
            offset += written
        }
    }

    func finish() throws(Platform.Failure) {
        let outcome = end()
        guard outcome == "exit 0" else { throw ExportFile.failure(file.path, "ffmpeg failed (\(outcome))") }
    }

    func abandon() {
        guard !closed else { return }
        kill(pid, SIGTERM)
        _ = end()
    }

    /// Closes ffmpeg's input and waits for it: `exit N` or `signal N`.
    private func end() -> String {
        if input >= 0 {
            close(input)
            input = -1
        }
        guard !closed else { return "ended" }
        closed = true
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(signal)"
    }
}
