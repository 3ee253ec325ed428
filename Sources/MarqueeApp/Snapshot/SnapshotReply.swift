import FoundationEssentials
import MarqueeCore

/// The wire form of a snapshot on the control socket (docs/control.md,
/// "Snapshots"): one reply line, `{"ok":true,"width":W,"height":H,
/// "png":"…"}`, the PNG in base64 (at most ``SignPicture/maximumBytes``
/// before it, so the line stays under 176 KiB). The sign makes it; `send`
/// reads it back. Over MQTT the PNG goes as it is, on a topic of its own
/// (docs/fleet.md), and the reply says only its size.
enum SnapshotReply {
    /// The reply to `snapshot`: the picture, or why there is none.
    static func reply(_ outcome: SnapshotTaker.Outcome) -> ControlReply {
        switch outcome {
        case .success(let png):
            var json = JSONObjectWriter()
            json.add("ok", true)
            json.add("width", png.width)
            json.add("height", png.height)
            // Base64 has nothing JSON escapes: quoted as it is.
            json.add("png", raw: "\"" + Data(png.bytes).base64EncodedString() + "\"")
            return .object(json.finish())
        case .failure(let failure):
            return .error(failure.message)
        }
    }

    /// A fleet sign's answer once the PNG is published: its size, not its bytes.
    static func published(_ png: SignPicture.PNG) -> ControlReply {
        var json = JSONObjectWriter()
        json.add("ok", true)
        json.add("width", png.width)
        json.add("height", png.height)
        json.add("bytes", png.bytes.count)
        return .object(json.finish())
    }

    /// The PNG in a sign's `ok` reply; `source` names the sign in the failure.
    static func png(in object: [String: JSONValue], source: String) throws(Platform.Failure) -> [UInt8] {
        guard case .string(let text)? = object["png"], let data = Data(base64Encoded: text) else {
            throw Platform.Failure(message: "\(source): the reply has no picture", status: 1)
        }
        let bytes = [UInt8](data)
        try check(bytes, source: source)
        return bytes
    }

    /// What a sign sent must be a PNG, and no larger than a sign sends.
    static func check(_ bytes: [UInt8], source: String) throws(Platform.Failure) {
        guard bytes.count <= SignPicture.maximumBytes, bytes.starts(with: pngSignature) else {
            throw Platform.Failure(message: "\(source): the picture sent is not a PNG of at most \(SignPicture.maximumBytes / 1024) KiB",
                                   status: 1)
        }
    }

    /// The eight bytes every PNG starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Writes `bytes` as the whole of `file` and renames it into place
    /// (`ExportFile`: mode 0666 less the umask, nothing left on failure).
    static func save(_ bytes: [UInt8], to file: inout ExportFile) throws(Platform.Failure) {
        do throws(Platform.Failure) {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }
}
