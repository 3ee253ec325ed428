/// The lines of an asciicast v2 recording (`--export FILE.cast`,
/// docs/export.md): a header object, then one `[time, "o", text]` event
/// per write to the terminal, each a line of JSON. The text is the bytes
/// the sign writes, as UTF-8 (the sign writes whole characters), escaped
/// by `JSONObjectWriter.quote`, which escapes every control character, so
/// an escape sequence is `\u001b[…` in the file and the file stays one
/// event a line.
///
/// ```swift
/// Asciicast.header(width: 80, height: 24, timestamp: 1_700_000_000, term: "xterm-256color")
/// // {"version":2,"width":80,"height":24,"timestamp":1700000000,"env":{"TERM":"xterm-256color"}}
/// Asciicast.output(at: 0.5, Array("\u{1B}[H".utf8))   // [0.5,"o","\u001b[H"]
/// ```
public enum Asciicast {
    public static func header(width: Int, height: Int, timestamp: Int, term: String) -> String {
        var env = JSONObjectWriter()
        env.add("TERM", term)
        var header = JSONObjectWriter()
        header.add("version", 2)
        header.add("width", width)
        header.add("height", height)
        header.add("timestamp", timestamp)
        header.add("env", raw: env.finish())
        return header.finish()
    }

    /// An output event at `seconds` from the start, to the microsecond.
    public static func output(at seconds: Double, _ bytes: [UInt8]) -> String {
        let time = max(0, (seconds * 1e6).rounded() / 1e6)
        return "[" + time.plainText + ",\"o\"," + JSONObjectWriter.quote(String(decoding: bytes, as: UTF8.self)) + "]"
    }
}
