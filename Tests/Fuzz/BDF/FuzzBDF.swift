import MarqueeCore

/// BDF fonts through `FontParser.parse` (a `.bdf` name, so only the content
/// picks the parser). Invariants: Common/FontChecks.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkFont(bytes, name: "fuzz.bdf", probes: mentionedCodePoints(bytes, keyword: "ENCODING"))
    return 0
}
