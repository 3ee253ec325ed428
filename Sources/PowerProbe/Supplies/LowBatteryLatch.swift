/// Low-battery mode with a gap between entering and leaving (docs/power-probe.md), so a
/// charge hovering at 20 % does not toggle the marquee on and off.
struct LowBatteryLatch: Sendable, Equatable {
    /// Entered on battery at or below this combined charge.
    static let enterAtOrBelow = 20
    /// Left at or above this charge, or when external power appears.
    static let leaveAtOrAbove = 25

    private(set) var isOn = false

    /// Feeds one reading and returns whether low-battery mode is on. A
    /// reading whose charge cannot be read changes nothing.
    @discardableResult
    mutating func update(_ supplies: PowerSupplies) -> Bool {
        if supplies.batteries.isEmpty || supplies.mainsOrBattery == .ac {
            isOn = false
        } else if let percent = supplies.percent {
            isOn = isOn ? percent < Self.leaveAtOrAbove : supplies.onBattery && percent <= Self.enterAtOrBelow
        }
        return isOn
    }
}
