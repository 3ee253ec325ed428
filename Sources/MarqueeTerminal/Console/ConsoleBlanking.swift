/// The Linux console's own screen blanking (what `setterm --blank` sets):
/// after N idle minutes the kernel blanks the screen, and a sign that only
/// draws is idle to it. The sign turns it off while it runs and gives the
/// console back the value it had, on every way out (docs/display.md, "The
/// Linux console").
///
/// The kernel says the value in seconds at
/// `/sys/module/kernel/parameters/consoleblank`; the escape that sets it,
/// `ESC [ 9 ; N ]`, takes whole minutes, at most 60.
///
/// ```swift
/// ConsoleBlanking.applies(toTerm: "linux")           // true
/// ConsoleBlanking.minutes(fromSeconds: 600)           // 10
/// ConsoleBlanking.restoreBytes(minutes: 10)           // ESC [ 9 ; 1 0 ]
/// ```
public struct ConsoleBlanking {
    /// Reads the console's blanking interval in seconds now; nil when it
    /// cannot be read (no sysfs, a container).
    let readSeconds: () -> Int?

    public init(readSeconds: @escaping () -> Int?) {
        self.readSeconds = readSeconds
    }

    /// Only the Linux console knows the escape; anything else would show it
    /// or act on it in its own way. `linux-16color` and the other `linux-*`
    /// terminfo entries are the same console.
    public static func applies(toTerm term: String?) -> Bool {
        guard let term else { return false }
        return term == "linux" || term.hasPrefix("linux-")
    }

    /// Blanking off.
    public static let offBytes = restoreBytes(minutes: 0)

    /// The escape that sets blanking to `minutes` (0 is off).
    public static func restoreBytes(minutes: Int) -> [UInt8] {
        Array("\u{1B}[9;\(min(max(minutes, 0), maximumMinutes))]".utf8)
    }

    /// The kernel takes at most an hour.
    public static let maximumMinutes = 60

    /// The minutes to give back for an interval of `seconds`: rounded up,
    /// so a console that blanked still blanks (90 s is 2 minutes, not 1 and
    /// never 0), and at most 60. An interval that cannot be read is given
    /// back as 0, off: the kernel's own default since Linux 4.12, and a
    /// console that does not blank is never a broken one, while a guessed
    /// 10 minutes (the default before) would blank a machine that never did.
    public static func minutes(fromSeconds seconds: Int?) -> Int {
        guard let seconds, seconds > 0 else { return 0 }
        return min((seconds + 59) / 60, maximumMinutes)
    }

    /// The escape that gives back the interval the console has now.
    func currentRestoreBytes() -> [UInt8] {
        Self.restoreBytes(minutes: Self.minutes(fromSeconds: readSeconds()))
    }
}
