extension PowerReading {
    /// This sysfs reading with the desktop's power profile folded in
    /// (docs/power-probe.md, "Low power"): the daemon's power-saver counts
    /// as power saver, like a `low-power` platform profile, so low power is
    /// low battery or either saver. Any profile the daemon reports is power
    /// data, so low power is no longer unknown once one is known. Nil (no
    /// daemon answers) leaves the reading as sysfs made it.
    public func merging(_ profile: DaemonProfile?) -> PowerReading {
        guard let profile else { return self }
        var reading = self
        reading.daemonProfile = profile
        if profile.isPowerSaver { reading.powerSaver = true }
        reading.lowPower = reading.powerSaver || reading.lowBattery
        return reading
    }
}
