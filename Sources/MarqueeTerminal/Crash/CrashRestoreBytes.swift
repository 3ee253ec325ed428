/// The bytes that take a terminal out of the sign's modes when there is no
/// time for ncurses' `endwin`: a crash. Taken from terminfo when the screen
/// opens, because the crash handler may not call ncurses.
enum CrashRestoreBytes {
    /// Cancel (CAN): ends an escape sequence the crash may have cut short, so
    /// the terminal reads what follows as sent; elsewhere it is ignored.
    static let cancel: UInt8 = 0x18

    /// Normal attributes and colours, the cursor shown, and the alternate
    /// screen left (or, on a terminal without one, the sign cleared away).
    /// `capability` gives a terminfo string by name, nil when absent.
    static func make(capability: (String) -> [UInt8]?) -> [UInt8] {
        var bytes = [cancel]
        for name in ["sgr0", "op", "cnorm"] {
            if let value = capability(name) { bytes += withoutPadding(value) }
        }
        if let leave = capability("rmcup") ?? capability("clear") {
            bytes += withoutPadding(leave)
        }
        return bytes
    }

    /// `value` without terminfo delays (`$<5>`, `$<2.5*/>`): those are for
    /// `tputs` to turn into a pause, and written as they stand they would show
    /// as text. Anything that is not a well-formed delay is kept.
    static func withoutPadding(_ value: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            if let end = delayEnd(in: value, at: index) {
                index = end
            } else {
                result.append(value[index])
                index += 1
            }
        }
        return result
    }

    /// If a delay starts at `start`, the index just past its `>`.
    private static func delayEnd(in value: [UInt8], at start: Int) -> Int? {
        guard start + 1 < value.count, value[start] == UInt8(ascii: "$"), value[start + 1] == UInt8(ascii: "<") else {
            return nil
        }
        var index = start + 2
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let digitsStart = index
        while index < value.count, isDigit(value[index]) { index += 1 }
        guard index > digitsStart else { return nil }
        if index < value.count, value[index] == UInt8(ascii: ".") {
            index += 1
            while index < value.count, isDigit(value[index]) { index += 1 }
        }
        while index < value.count, value[index] == UInt8(ascii: "*") || value[index] == UInt8(ascii: "/") { index += 1 }
        guard index < value.count, value[index] == UInt8(ascii: ">") else { return nil }
        return index + 1
    }
}
