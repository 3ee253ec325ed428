/// Where the machine draws power from, as far as sysfs tells.
public enum MainsOrBattery: Sendable, Hashable, CustomStringConvertible {
    /// A mains or USB supply is online, or a battery reports charging/full.
    case ac
    /// Running on battery; `percent` is the combined charge of the system
    /// batteries, `nil` when none of them reports a usable charge.
    case battery(percent: Int?)
    /// No power supply information (desktops, VMs, containers).
    case unknown

    /// `AC`, `battery 15 %`, `battery`, `unknown`: the status-line wording.
    public var description: String {
        switch self {
        case .ac: "AC"
        case .battery(let percent?): "battery \(percent) %"
        case .battery(nil): "battery"
        case .unknown: "unknown"
        }
    }
}
