import MarqueeCore

/// GNU Unifont `.hex` fonts through `FontParser.parse` (a `.hex` name).
/// Glyphs are decoded lazily, so the code points the lines name are asked
/// for. Invariants: Common/FontChecks.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkFont(bytes, name: "fuzz.hex", probes: mentionedCodePoints(bytes, keyword: nil))
    return 0
}
