import MarqueeCore

// Shared by every harness (scripts/fuzz.sh compiles this file into each).
// A broken invariant must stop the process with a message libFuzzer can
// report and save the input for, so every check ends in preconditionFailure.

/// The fuzzer's bytes as an array; the harnesses' parsers take `[UInt8]`.
func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run: the message names the invariant and quotes the value
/// escaped, so the report itself cannot disturb the terminal.
func broken(_ invariant: String, _ value: String = "", file: StaticString = #fileID, line: UInt = #line) -> Never {
    preconditionFailure("invariant broken: \(invariant)\(value.isEmpty ? "" : ": \(TerminalText.visible(value))")",
                        file: file, line: line)
}

func require(_ condition: @autoclosure () -> Bool, _ invariant: String, _ value: @autoclosure () -> String = "",
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { broken(invariant, value(), file: file, line: line) }
}

/// A scalar a terminal acts on instead of drawing: C0, DEL, C1, the bidi
/// embeddings, overrides, isolates and marks, and the Unicode line and
/// paragraph separators (the set `TerminalText.sanitize` removes).
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
}

/// What `TerminalText.visible` shows escaped: the controls above and every
/// format character (zero-width spaces and joiners, the BOM, bidi marks).
func isEscapedByVisible(_ scalar: Unicode.Scalar) -> Bool {
    isTerminalControl(scalar) || scalar.properties.generalCategory == .format
}

/// C0, DEL and C1 only: what `FontError.description` promises to escape.
func isC0orC1(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

func hasTerminalControl(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isTerminalControl)
}

/// An error as the program prints it (`Platform.writeError` passes every
/// line through `TerminalText.visible`): one line, nothing a terminal acts on.
func requireSafeMessage(_ message: String, _ what: String, file: StaticString = #fileID, line: UInt = #line) {
    require(!message.isEmpty, "\(what) is empty", file: file, line: line)
    let shown = TerminalText.visible(message)
    require(!hasTerminalControl(shown), "\(what) shows a control character after visible()", message, file: file, line: line)
}
