extension String {
    /// The text a C wrapper of CLazyLibraries wrote into a buffer of ours
    /// (a reason, a path, font names): its bytes up to the first NUL, as
    /// UTF-8 with anything invalid replaced, since a path or a name read
    /// from a font file need not be UTF-8.
    ///
    /// ```swift
    /// var message = [CChar](repeating: 0, count: 320)
    /// if lm_load_freetype(&message, message.count) != 0 { print(String(cBuffer: message)) }
    /// ```
    init(cBuffer buffer: [CChar]) {
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
