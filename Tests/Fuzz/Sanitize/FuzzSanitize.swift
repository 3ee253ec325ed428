import MarqueeCore

/// `TerminalText.sanitize` and `TerminalText.visible` over any text (the
/// bytes decoded as UTF-8, invalid sequences becoming U+FFFD).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    let clean = TerminalText.sanitize(text)
    require(!hasTerminalControl(clean), "sanitised text holds a control character", clean)
    require(TerminalText.sanitize(clean) == clean, "sanitise is idempotent", clean)
    require(clean.unicodeScalars.count <= text.unicodeScalars.count, "sanitise never lengthens text")
    // Text with nothing to remove comes through unchanged.
    if !text.unicodeScalars.contains(where: { isTerminalControl($0) || $0 == "\u{9C}" }) {
        require(clean == text, "sanitise keeps clean text", text)
    }

    let shown = TerminalText.visible(text)
    require(!shown.unicodeScalars.contains(where: isEscapedByVisible), "visible text holds a control or format character", shown)
    require(shown.unicodeScalars.allSatisfy { !$0.isASCII || (0x20...0x7E).contains($0.value) },
            "visible text's ASCII is printable", shown)
    require(TerminalText.sanitize(shown) == shown, "visible text survives sanitise unchanged", shown)
    require((shown == text) == !text.unicodeScalars.contains(where: isEscapedByVisible),
            "visible changes text exactly when it holds a control or format character")

    let width = TerminalText.cellWidth(of: clean)
    require(width >= 0 && width <= 2 * clean.unicodeScalars.count, "cell width within 0...2 per scalar", "\(width)")
    return 0
}
