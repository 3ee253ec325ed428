import MarqueeTerminal
import PowerProbe

/// Where the Linux console's blanking interval is read: the kernel's
/// `consoleblank` parameter, under the same root as the power probe
/// (`--sysfs-root`), so a test can give the sign any value.
enum ConsoleBlankSetting {
    static let path = "module/kernel/parameters/consoleblank"

    /// The console's blanking, read through the probe's bounded,
    /// non-blocking reader (the screen reads it again on each `fg`, on the loop).
    static func blanking(sysfsRoot: String) -> ConsoleBlanking {
        let reader = SysfsReader(root: sysfsRoot)
        return ConsoleBlanking { reader.text(path).flatMap { Int($0) } }
    }
}
