import Foundation

/// Records how late each frame tick woke, one number of microseconds per
/// line, when `LEDMARQUEE_FRAME_TRACE` names a file. The benchmark reads it
/// for frame-start jitter; normal runs never create it.
@MainActor
final class FrameTrace {
    private let handle: FileHandle
    private var buffer = ""

    init?(environment: [String: String]) {
        guard let path = environment["LEDMARQUEE_FRAME_TRACE"], !path.isEmpty,
              FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    func record(lateness: Duration) {
        let micros = Double(lateness.components.seconds) * 1e6 + Double(lateness.components.attoseconds) * 1e-12
        buffer += String(Int(micros.rounded())) + "\n"
        // Written in batches: a write per frame would itself disturb timing.
        if buffer.utf8.count > 4096 { flush() }
    }

    func flush() {
        handle.write(Data(buffer.utf8))
        buffer = ""
    }
}
