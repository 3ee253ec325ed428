/// The machine's power supplies from one reading, parsed: system batteries
/// and whether external power is online. Pure, so the battery rules are
/// tested without files.
struct PowerSupplies: Sendable, Equatable {
    /// One system battery (peripheral batteries such as mice are left out
    /// by the scanner). Values are in the units sysfs uses; only ratios matter.
    struct Battery: Sendable, Equatable {
        var status: String?
        var energyNow: Double?
        var energyFull: Double?
        var chargeNow: Double?
        var chargeFull: Double?
        var capacity: Double?

        /// This battery's own charge in 0…1, from the best attribute it has.
        var fraction: Double? {
            ratio(energyNow, energyFull) ?? ratio(chargeNow, chargeFull) ?? capacity.map { $0 / 100 }
        }
    }

    var batteries: [Battery] = []
    /// A mains or USB supply reports `online` = 1.
    var externalPowerOnline = false
    /// A mains or USB supply exists and its `online` could be read.
    var hasExternalSupply = false

    /// Whether there is anything to say about power supplies at all.
    var hasData: Bool { !batteries.isEmpty || hasExternalSupply }

    /// Draining a battery with no charger online (docs/power-probe.md). A weak charger
    /// that cannot keep up still counts as AC: the user plugged in.
    var onBattery: Bool {
        !externalPowerOnline && batteries.contains { $0.status == "Discharging" }
    }

    var mainsOrBattery: MainsOrBattery {
        if externalPowerOnline { return .ac }
        if onBattery { return .battery(percent: percent) }
        // Some machines publish no mains supply; a battery that charges, is
        // full, or is held by a charge threshold ("Not charging") is on AC.
        let charging: Set = ["Charging", "Full", "Not charging"]
        if batteries.contains(where: { $0.status.map(charging.contains) ?? false }) { return .ac }
        return .unknown
    }

    /// Combined charge of all system batteries in whole percent: pooled
    /// energy when every battery reports it, else pooled charge, else the
    /// mean of what each battery reports. Pooling weighs a big battery more
    /// than a small one, which is what the user's runtime depends on.
    var percent: Int? {
        guard !batteries.isEmpty else { return nil }
        let fraction = pooled(\.energyNow, \.energyFull) ?? pooled(\.chargeNow, \.chargeFull) ?? meanFraction
        return fraction.map { Int((min(max($0, 0), 1) * 100).rounded()) }
    }

    private func pooled(_ now: KeyPath<Battery, Double?>, _ full: KeyPath<Battery, Double?>) -> Double? {
        var sumNow = 0.0, sumFull = 0.0
        for battery in batteries {
            guard let n = battery[keyPath: now], let f = battery[keyPath: full], f > 0 else { return nil }
            sumNow += n
            sumFull += f
        }
        return sumNow / sumFull
    }

    private var meanFraction: Double? {
        let each = batteries.compactMap(\.fraction)
        return each.isEmpty ? nil : each.reduce(0, +) / Double(each.count)
    }
}

private func ratio(_ now: Double?, _ full: Double?) -> Double? {
    guard let now, let full, full > 0 else { return nil }
    return now / full
}
