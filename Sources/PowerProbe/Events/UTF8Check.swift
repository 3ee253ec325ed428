/// Whether bytes are valid UTF-8, without making a `String` of them: the
/// uevent parser checks fields it does not keep (docs/power-probe.md,
/// "Power news"), and a check should not cost an allocation.
enum UTF8Check {
    /// The standard's rules, as `String(validating:)` applies them:
    /// overlong forms, surrogates and scalars past U+10FFFF are invalid.
    static func isValid(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
