import Glibc

/// Records how late each frame tick woke, one number of microseconds per
/// line, when `LEDMARQUEE_FRAME_TRACE` names a file. The benchmark reads it
/// for frame-start jitter; normal runs never create it.
@MainActor
final class FrameTrace {
    private let fd: Int32
    private var buffer = ""

    init?(environment: [String: String]) {
        guard let path = environment["LEDMARQUEE_FRAME_TRACE"], !path.isEmpty else { return nil }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    func record(lateness: Duration) {
        let micros = Double(lateness.components.seconds) * 1e6 + Double(lateness.components.attoseconds) * 1e-12
        buffer += String(Int(micros.rounded())) + "\n"
        // Written in batches: a write per frame would itself disturb timing.
        if buffer.utf8.count > 4096 { flush() }
    }

    func flush() {
        Platform.writeAll(fd, buffer)
        buffer = ""
    }
}
