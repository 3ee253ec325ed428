import MarqueeCore

/// Decodes bytes read from the terminal into keys: UTF-8 characters, arrow
/// keys in both CSI (`ESC [ C`) and SS3 (`ESC O C`) forms, a lone Esc, and
/// Ctrl-C as a byte. Pure and incremental, so partial sequences split across
/// reads are handled and tested.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence; the
    /// reader calls `flush()` when none arrive within a short delay.
    public var hasPending: Bool { !pending.isEmpty }

    /// Feeds bytes, returning the keys they complete.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return decodeAll(final: false)
    }

    /// Treats whatever is pending as complete: a lone ESC is the Esc key,
    /// a truncated sequence is unknown.
    public mutating func flush() -> [Key] {
        decodeAll(final: true)
    }

    private mutating func decodeAll(final: Bool) -> [Key] {
        var keys: [Key] = []
        while let (key, used) = decodeOne(final: final) {
            keys.append(key)
            pending.removeFirst(used)
        }
        // Final: whatever still cannot be decoded is dropped, never waited on.
        if final { pending.removeAll() }
        return keys
    }

    private func decodeOne(final: Bool) -> (Key, Int)? {
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B:
            return decodeEscape(final: final)
        case 0x03:
            return (.interrupt, 1)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x00...0x1F, 0x7F:
            return (.unknown, 1)
        default:
            return decodeUTF8(final: final)
        }
    }

    private func decodeEscape(final: Bool) -> (Key, Int)? {
        guard pending.count >= 2 else { return final ? (.escape, 1) : nil }
        let introducer = pending[1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // ESC followed by something else: Esc, then that key on its own.
            return (.escape, 1)
        }
        // Parameters then a final byte in 0x40...0x7E.
        var index = 2
        while index < pending.count {
            let byte = pending[index]
            if (0x40...0x7E).contains(byte) {
                let key: Key
                switch byte {
                case UInt8(ascii: "A"): key = .up
                case UInt8(ascii: "B"): key = .down
                case UInt8(ascii: "C"): key = .right
                case UInt8(ascii: "D"): key = .left
                default: key = .unknown
                }
                return (key, index + 1)
            }
            guard index < 32 else { return (.unknown, index + 1) }  // runaway sequence
            index += 1
        }
        return final ? (.unknown, pending.count) : nil
    }

    private func decodeUTF8(final: Bool) -> (Key, Int)? {
        let first = pending[0]
        let length: Int
        switch first {
        case 0x00..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return (.unknown, 1)
        }
        guard pending.count >= length else { return final ? (.unknown, pending.count) : nil }
        let bytes = Array(pending[0..<length])
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
            return (.unknown, 1)
        }
        return (.character(character), length)
    }
}
