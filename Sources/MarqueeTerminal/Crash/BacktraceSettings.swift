/// `SWIFT_BACKTRACE` read the way the Swift runtime reads it, so the crash
/// guard steps in only where the user left the runtime to its defaults.
///
/// The runtime splits the text into `key=value` pairs at commas, but a comma
/// met before the pair's `=` belongs to the key (`a,b=c` is the key `a,b`);
/// keys are compared ignoring case, and a later pair wins.
struct BacktraceSettings: Equatable {
    /// Values by lower-cased key.
    private(set) var values: [String: String] = [:]

    init(_ text: String?) {
        guard let text else { return }
        var key = Substring()
        var pairStart = text.startIndex
        var valueStart: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let start = valueStart {
                if character == "," {
                    values[key.lowercased()] = String(text[start..<index])
                    valueStart = nil
                    pairStart = text.index(after: index)
                }
            } else if character == "=" {
                key = text[pairStart..<index]
                valueStart = text.index(after: index)
            }
            index = text.index(after: index)
        }
        if let start = valueStart {
            values[key.lowercased()] = String(text[start...])
        }
    }

    /// The user said whether crash reports prompt (`interactive=`).
    var choosesInteractive: Bool { values["interactive"] != nil }

    /// The user said where crash reports go (`output-to=`).
    var choosesOutput: Bool { values["output-to"] != nil }
}
