import CTerminfo

/// A terminal's entry in the terminfo database, read through ncurses'
/// public terminfo API (`setupterm`, `tigetstr`, `tigetnum`, `tigetflag`,
/// `tiparm`): every capability the sign writes comes from here, so it draws
/// on any terminal the database describes, with what that terminal has.
///
/// ncurses keeps the loaded entry in one process global (`cur_term`), so
/// there is one entry at a time, on the main actor. The sign's own entry is
/// loaded by `Screen`; tests load the ones they look at and release them.
///
/// ```swift
/// let entry = try TerminfoEntry.load("xterm-256color")
/// entry.string("dch1")      // Array("\u{1B}[P".utf8)
/// entry.number("colors")    // 256
/// ```
@MainActor
public final class TerminfoEntry {
    /// The entry's name as asked for.
    public let name: String
    private var released = false

    /// Why no entry could be loaded.
    public enum Failure: Error, Equatable {
        case unknown(String)
        case noDatabase
    }

    private init(name: String) {
        self.name = name
    }

    /// Loads `name` as the current terminal (`fd` is where ncurses may ask
    /// the size; it writes nothing there).
    public static func load(_ name: String, fd: Int32 = -1) throws(Failure) -> TerminfoEntry {
        switch lm_setupterm(name, fd) {
        case 1: return TerminfoEntry(name: name)
        case 0: throw .unknown(name)
        default: throw .noDatabase
        }
    }

    /// Gives the entry back to ncurses; the entry answers nothing after.
    public func release() {
        guard !released else { return }
        released = true
        lm_release_terminal()
    }

    /// A string capability as bytes, with terminfo's padding (`$<5>`)
    /// taken out: padding is for `tputs` to turn into a pause on a slow
    /// serial line, and written as it stands it would show as text. Nil when
    /// the terminal lacks it.
    public func string(_ capability: String) -> [UInt8]? {
        guard !released, let value = lm_terminal_string(capability) else { return nil }
        return TerminfoPadding.removed(from: Array(String(cString: value).utf8))
    }

    /// A numeric capability; nil when absent.
    public func number(_ capability: String) -> Int? {
        guard !released else { return nil }
        let value = lm_terminal_number(capability)
        return value < 0 ? nil : Int(value)
    }

    /// A boolean capability.
    public func flag(_ capability: String) -> Bool {
        !released && lm_terminal_flag(capability) != 0
    }

    /// A parameterised capability: its raw text, kept for `expand`.
    func parameterised(_ capability: String) -> ParameterisedCapability? {
        guard !released, let value = lm_terminal_string(capability) else { return nil }
        return ParameterisedCapability(format: Array(String(cString: value).utf8CString))
    }
}

/// A capability with parameters (`cup`, `setaf`, `dch`), expanded by
/// ncurses' `tiparm` with its padding taken out.
struct ParameterisedCapability: Sendable {
    /// The capability's text, NUL-terminated for `tiparm`.
    let format: [CChar]

    /// The sequence for one parameter; nil if `tiparm` gives nothing.
    func expand(_ a: Int) -> [UInt8]? {
        let text = format.withUnsafeBufferPointer { lm_tiparm1($0.baseAddress, Int32(truncatingIfNeeded: a)) }
        return text.map { TerminfoPadding.removed(from: Array(String(cString: $0).utf8)) }
    }

    /// The sequence for two parameters (row, column for `cup`).
    func expand(_ a: Int, _ b: Int) -> [UInt8]? {
        let text = format.withUnsafeBufferPointer {
            lm_tiparm2($0.baseAddress, Int32(truncatingIfNeeded: a), Int32(truncatingIfNeeded: b))
        }
        return text.map { TerminfoPadding.removed(from: Array(String(cString: $0).utf8)) }
    }
}
