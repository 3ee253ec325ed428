/// Terminfo's padding: `$<5>` in a capability asks `tputs` to pause (or
/// send pad characters) for a terminal on a slow serial line. The sign
/// writes its own bytes, and no terminal it runs on needs the pause, so the
/// delays are taken out; written as they stand they would show as text.
enum TerminfoPadding {
    /// `value` without terminfo delays (`$<5>`, `$<2.5*/>`): those are for
    /// `tputs` to turn into a pause, and written as they stand they would show
    /// as text. Anything that is not a well-formed delay is kept.
    static func removed(from value: [UInt8]) -> [UInt8] {
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
