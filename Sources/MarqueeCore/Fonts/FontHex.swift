/// Hex helpers shared by the BDF and Unifont parsers, which read digits
/// byte by byte rather than through `String` to stay fast on large files.
enum FontHex {
    /// The value of an ASCII hex digit, or 0xFF for anything else.
    @inline(__always)
    static func value(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        if letter < 6 { return letter + 10 }
        return 0xFF
    }

    /// A code point as Unifont writes it: at least four upper-case digits.
    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
