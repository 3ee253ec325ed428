/// The terminal's colour pairs, one number per foreground and background
/// shown. Inks, and messages, that resolve to the same two colours share a
/// number, so a sign alternating red and green for hours uses the pairs of
/// red and of green once each. Pure (the caller defines each pair in
/// ncurses), so the bound is tested without a terminal.
struct ColorPairBook {
    /// Two colour numbers as ``InkColors/Resolved`` has them (-1: default).
    struct Colors: Hashable {
        var foreground: Int
        var background: Int
    }

    /// Pairs the terminal has (`COLOR_PAIRS`). Pair 0 is its default
    /// colours and never handed out, so at most `capacity - 1` are.
    let capacity: Int
    private var numbers: [Colors: Int32] = [:]
    private var next: Int32 = 1
    /// A pair was wanted when none was left: that cell went without colour.
    /// The next change of colour starts the book over (``startOver()``).
    private(set) var ranOut = false

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Pairs handed out.
    var count: Int { numbers.count }

    /// The pair showing `colors`: one handed out before, else the next free
    /// number once `define` has set it up in the terminal; 0 (no colour)
    /// when none is left or the terminal refused.
    mutating func pair(for colors: Colors, define: (Int32) -> Bool) -> Int32 {
        if let known = numbers[colors] { return known }
        guard Int(next) < capacity else {
            ranOut = true
            return 0
        }
        guard define(next) else { return 0 }
        numbers[colors] = next
        next += 1
        return next - 1
    }

    /// The LED colour changed (the next frame is drawn whole): a book that
    /// ran out starts over, and then says so (true), as pairs still on the
    /// screen get new meanings and the caller must clear it. So the pairs
    /// in use stay within `capacity` however many colours a sign shows,
    /// and a colour that fits is never starved by the ones before it.
    mutating func colorChanged() -> Bool {
        guard ranOut else { return false }
        startOver()
        return true
    }

    /// Forgets every pair, so numbers are handed out again from 1.
    mutating func startOver() {
        numbers.removeAll(keepingCapacity: true)
        next = 1
        ranOut = false
    }
}
