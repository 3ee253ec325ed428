/// JSON decks (an array of strings or `{text, caption, seconds, color,
/// style, speed, static}` objects)
/// through `CueFileParser.parse`. Invariants: Common/CueChecks.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkCueFile(fuzzBytes(data, size), name: "fuzz.json", isDeck: true)
    return 0
}
