/// Text cue files (one message per line) through `CueFileParser.parse`.
/// Invariants: Common/CueChecks.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkCueFile(fuzzBytes(data, size), name: "fuzz.txt", isDeck: false)
    return 0
}
