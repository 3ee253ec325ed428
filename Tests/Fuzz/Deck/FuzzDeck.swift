/// JSON decks (an array of strings or `{text, caption, seconds, color,
/// style, speed, static}` objects, or that array as the `deck` of an
/// object with an `epoch`, Unix seconds or an RFC 3339 UTC time, and
/// `zones`, each written as `--zones` takes it)
/// through `CueFileParser.parse`. Invariants: Common/CueChecks.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkCueFile(fuzzBytes(data, size), name: "fuzz.json", isDeck: true)
    return 0
}
