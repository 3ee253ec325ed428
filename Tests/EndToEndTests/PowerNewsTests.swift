import Foundation
import Testing
import TestSupport

extension EndToEnd.Timing {
    /// Power news at once (docs/power-probe.md, "Power news"): a kernel
    /// uevent and a power-profiles-daemon change each turn into a `policy`
    /// record well inside the probe interval, which these tests set to an
    /// hour, so only the news can explain the change.
    @Suite("Power news")
    struct PowerNews {
        static let hour = ["--probe-interval", "3600", "-s", "2", "--speed", "1.1"] + CueFlow.heldFlow
        /// A bus address where no bus is: the developer's real one must not answer.
        static let noBus = E2E.noSystemBus

        static let unplugged = "change@/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0ACTION=change\0"
            + "SUBSYSTEM=power_supply\0POWER_SUPPLY_NAME=AC\0POWER_SUPPLY_ONLINE=0\0SEQNUM=4711\0"
        static let usb = "add@/devices/pci0000:00/0000:00:14.0/usb1/1-2\0ACTION=add\0SUBSYSTEM=usb\0SEQNUM=4712\0"

        /// Sends one datagram to the sign's test socket.
        static func sendUevent(_ bytes: [UInt8], to path: String) throws {
            let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            guard fd >= 0 else { throw E2EFailure("socket: \(errno)") }
            defer { close(fd) }
            var address = unixSocketAddress(path)
            let sent = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                    bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
            }
            guard sent == bytes.count else { throw E2EFailure("sendto \(path): \(String(cString: strerror(errno)))") }
        }

        /// A sign on the held flow whose uevents come from the test socket,
        /// with no bus and a probe interval of an hour, so only a uevent
        /// reads; `machine` fills its sysfs tree before it starts.
        static func startWithUevents(_ name: String, machine: @escaping @Sendable (ScratchSysfs) throws -> Void)
            async throws -> (Session, ScratchSysfs, socketPath: String) {
            let session = try await Session.start(
                name,
                Launch(arguments: ["--sysfs-root", "sysfs"] + Self.hour,
                       environment: ["LEDMARQUEE_TEST_UEVENT_SOCKET": "uevents.sock", "DBUS_SYSTEM_BUS_ADDRESS": Self.noBus]) {
                    directory in
                    try Power.writeCues(directory)
                    try machine(ScratchSysfs(in: directory))
                })
            return (session, try ScratchSysfs(in: session.directory),
                    session.directory.appendingPathComponent("uevents.sock").path)
        }

        /// Waits for a `policy` record past `skip` matching `predicate`,
        /// polling every 2 ms (the 50 ms of `waitFor` would hide the
        /// latency); returns it and the seconds since `since`.
        static func timedPolicy(_ session: Session, after skip: Int, since clock: Stopwatch, timeout: Double = 5,
                                _ predicate: (Event) -> Bool) async throws -> (Event, Double) {
            try await timedRecord("policy", session, after: skip, since: clock, timeout: timeout, predicate)
        }

        /// The same for a record named `name`.
        static func timedRecord(_ name: String, _ session: Session, after skip: Int, since clock: Stopwatch,
                                timeout: Double = 5, _ predicate: (Event) -> Bool = { _ in true }) async throws -> (Event, Double) {
            while true {
                let events = session.events().dropFirst(skip)
                if let record = events.first(where: { $0.name == name && predicate($0) }) {
                    return (record, clock.elapsed)
                }
                if clock.elapsed > timeout {
                    throw E2EFailure("no matching \(name) within \(timeout) s\n\(session.diagnostics())")
                }
                try await Task.sleep(for: .milliseconds(2))
            }
        }

        @Test("pulling the mains plug: the power_supply uevent turns low power on within 100 ms; plugging in turns it off")
        func uevent() async throws {
            let (session, sysfs, socketPath) = try await Self.startWithUevents("uevent") { sysfs in
                try sysfs.addBattery(capacity: 15, status: "Charging", acOnline: true)
            }
            defer { session.close() }
            let first = try await session.waitForEvent("first policy") { $0.name == "policy" }
            #expect(first.bool("lowPower") == false, "15 % but charging: \(first)")
            let sources = try await session.waitForEvent("powerSources") { $0.name == "powerSources" }
            #expect(sources.string("uevents") == "test", "\(sources)")
            #expect(sources.string("profiles") == "none" && sources.string("note")?.contains("system bus: ") == true,
                    "no bus is a note of the log, not an error: \(sources)")
            #expect(session.events("error").isEmpty, "nothing loud: \(session.events("error"))")
            try await session.waitForLitLEDs(minimum: 20)

            // The plug is pulled: sysfs says so at once, the probe would see it in an hour.
            try sysfs.setACOnline(false)
            try sysfs.write("class/power_supply/BAT0/status", "Discharging")
            // Not news: a USB device, and datagrams that are no uevent at all.
            let seen = session.events().count
            try Self.sendUevent(Array(Self.usb.utf8), to: socketPath)
            try Self.sendUevent(Array("change@/devices/x/power_supply/AC".utf8), to: socketPath)
            try Self.sendUevent(Array("change@/devices/x\0SUBSYSTEM=power_sup".utf8), to: socketPath)
            try Self.sendUevent([UInt8](repeating: 0xFF, count: 9000), to: socketPath)
            try await pause(0.5)
            let early = session.events().dropFirst(seen).filter { $0.name == "power" || $0.name == "policy" }
            #expect(early.isEmpty, "no reading for news that is not of a power supply: \(early)")

            let clock = Stopwatch()
            try Self.sendUevent(Array(Self.unplugged.utf8), to: socketPath)
            let (low, latency) = try await Self.timedPolicy(session, after: seen, since: clock) { $0.bool("lowPower") == true }
            #expect(low.int("fps") == 0 && low.string("tier") == "reduced", "\(low)")
            #expect(latency < 0.1, "low power \(Int(latency * 1000)) ms after the uevent")
            let power = try #require(session.events("power").last)
            #expect(power.bool("lowPower") == true && power.string("source")?.hasSuffix("battery 15 %") == true, "\(power)")

            let seenBeforePlug = session.events().count
            try sysfs.setACOnline(true)
            try sysfs.write("class/power_supply/BAT0/status", "Charging")
            let plugged = Stopwatch()
            try Self.sendUevent(Array(Self.unplugged.replacingOccurrences(of: "ONLINE=0", with: "ONLINE=1").utf8), to: socketPath)
            let (normal, back) = try await Self.timedPolicy(session, after: seenBeforePlug, since: plugged) {
                $0.bool("lowPower") == false
            }
            #expect(normal.int("fps") == 60, "\(normal)")
            #expect(back < 0.1, "low power off \(Int(back * 1000)) ms after the uevent")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
            #expect(!FileManager.default.fileExists(atPath: socketPath), "the sign removes its test socket")
        }

        @Test("a reading a uevent asks for milliseconds after a cooler one is not 2 s of cooling: the state holds; 2 s on it falls")
        func burstHoldsThermal() async throws {
            let (session, sysfs, socketPath) = try await Self.startWithUevents("burst") { sysfs in
                try sysfs.addThermalZone(milliCelsius: 86_000)
                try sysfs.addBattery(capacity: 80, status: "Charging", acOnline: true)
            }
            defer { session.close() }
            let hot = try await session.waitForEvent("first policy") { $0.name == "policy" }
            #expect(hot.string("thermal") == "critical" && hot.int("fps") == 0, "86 °C against a 90 °C critical trip: \(hot)")
            try await session.waitForEvent("powerSources") { $0.name == "powerSources" }

            // Cooled to 45 °C; a uevent asks for the first cooler reading
            // (the probe interval is an hour: only uevents read).
            try sysfs.setTemperature(milliCelsius: 45_000)
            var seen = session.events().count
            try Self.sendUevent(Array(Self.unplugged.utf8), to: socketPath)
            let (cooler, _) = try await Self.timedRecord("power", session, after: seen, since: Stopwatch())
            let sinceCooler = Stopwatch()
            #expect(cooler.string("thermal") == "critical", "one cooler reading holds the state: \(cooler)")

            // At once another uevent; its reading sees the battery at 79 %,
            // so it is logged, and it must still be critical.
            try sysfs.setBatteryCapacity(79)
            seen = session.events().count
            try Self.sendUevent(Array(Self.unplugged.utf8), to: socketPath)
            let (burst, _) = try await Self.timedRecord("power", session, after: seen, since: Stopwatch())
            #expect(burst.t - cooler.t < 0.5, "two readings \(burst.t - cooler.t) s apart")
            #expect(burst.string("thermal") == "critical", "the second of a burst is no confirmation: \(burst)")
            #expect(!session.events("policy").contains { $0.int("fps") != 0 }, "\(session.events("policy"))")

            // 2 s after the first cooler reading, the next one lowers it.
            try await pause(max(0, 2.1 - sinceCooler.elapsed))
            seen = session.events().count
            let clock = Stopwatch()
            try Self.sendUevent(Array(Self.unplugged.utf8), to: socketPath)
            let (cool, latency) = try await Self.timedPolicy(session, after: seen, since: clock) { $0.int("fps") == 60 }
            #expect(cool.string("thermal") == "nominal", "\(cool)")
            #expect(cool.t - cooler.t >= 2, "fell \(cool.t - cooler.t) s after the first cooler reading")
            #expect(latency < 0.1, "nominal \(Int(latency * 1000)) ms after the uevent")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("no uevent socket and no bus: the sign plays on the probe, and only the events log says so")
        func sourcesMissing() async throws {
            let session = try await Session.start(
                "no-news",
                Launch(arguments: ["--sysfs-root", "sysfs", "--probe-interval", "0.2", "SIGN"], stderrToFile: true,
                       environment: ["LEDMARQUEE_TEST_UEVENT_SOCKET": "/nonexistent-ledmarquee-e2e/uevents.sock"]) { directory in
                    try ScratchSysfs(in: directory).addBattery(capacity: 80, acOnline: true)
                })
            defer { session.close() }
            let sources = try await session.waitForEvent("powerSources") { $0.name == "powerSources" }
            #expect(sources.string("uevents") == "none" && sources.string("profiles") == "none", "\(sources)")
            let note = sources.string("note") ?? ""
            #expect(note.contains("uevents: /nonexistent-ledmarquee-e2e/uevents.sock: bind: No such file or directory"), "\(note)")
            #expect(note.contains("system bus: "), "\(note)")
            let policy = try await session.waitForEvent("policy") { $0.name == "policy" }
            #expect(policy.int("fps") == 60)
            try await session.waitForLitLEDs(minimum: 10)
            // The probe still reads: a battery gone low shows within its interval.
            let seen = session.events().count
            let sysfs = try ScratchSysfs(in: session.directory)
            try sysfs.setACOnline(false)
            try sysfs.setBatteryCapacity(15)
            try await session.waitForEvent("low power from the probe", after: seen) { $0.name == "policy" && $0.bool("lowPower") == true }
            #expect(session.events("error").isEmpty, "\(session.events("error"))")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
            #expect(session.stderrText.isEmpty, "nothing on stderr: \(session.stderrText)")
        }

        @Test("power-profiles-daemon (dbusmock, legacy name): power-saver stops motion at once, balanced resumes it, a daemon gone falls back")
        func legacyDaemon() async throws {
            let bus = try await PrivateSystemBus.start()
            defer { bus.close() }
            try await bus.startMock(.legacy)
            let session = try await Session.start(
                "ppd",
                Launch(arguments: ["--sysfs-root", "sysfs"] + Self.hour, environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) {
                    directory in
                    try Power.writeCues(directory)
                    // A machine that says nothing of its power: only the daemon does.
                    try FileManager.default.createDirectory(at: directory.appendingPathComponent("sysfs/class"),
                                                            withIntermediateDirectories: true)
                })
            defer { session.close() }
            let sources = try await session.waitForEvent("powerSources") { $0.name == "powerSources" }
            #expect(sources.string("profiles") == "system bus", "\(sources)")
            // The answer to the start's Get: the daemon's balanced is power data.
            let balanced = try await session.waitForEvent("the daemon's first answer") {
                $0.name == "power" && $0.string("source") == "power-profiles-daemon balanced"
            }
            #expect(balanced.bool("lowPower") == false)
            try await session.waitForLitLEDs(minimum: 20)

            for round in 1...2 {
                let seen = session.events().count
                let clock = Stopwatch()
                try await bus.setProfile("power-saver")
                let (low, latency) = try await Self.timedPolicy(session, after: seen, since: clock) { $0.bool("lowPower") == true }
                #expect(low.int("fps") == 0, "round \(round): \(low)")
                #expect(latency < 0.5, "round \(round): power-saver \(Int(latency * 1000)) ms after the Set (dbus-send included)")
                let power = try #require(session.events("power").last)
                #expect(power.string("source") == "power-profiles-daemon power-saver", "\(power)")
                try await session.expectFrozen()

                let seenBeforeBalanced = session.events().count
                let again = Stopwatch()
                try await bus.setProfile("balanced")
                let (normal, _) = try await Self.timedPolicy(session, after: seenBeforeBalanced, since: again) {
                    $0.bool("lowPower") == false
                }
                #expect(normal.int("fps") == 60, "round \(round): \(normal)")
            }

            // Power saver, then the daemon goes: its word goes with it.
            let seenBeforeAgain = session.events().count
            try await bus.setProfile("power-saver")
            try await session.waitForEvent("power-saver again", after: seenBeforeAgain) {
                $0.name == "policy" && $0.bool("lowPower") == true
            }
            let seen = session.events().count
            bus.stopMock()
            // A reading of the daemon's last word may still come first (a
            // probe tick, or its last signal read late): the one that counts
            // is the reading without it, which must come.
            let gone = try await session.waitForEvent("the reading without the daemon", after: seen) {
                $0.name == "power" && $0.string("source") == "none"
            }
            #expect(gone.object["lowPower"] is NSNull, "\(gone)")
            try await session.waitForEvent("motion again", after: seen) { $0.name == "policy" && $0.int("fps") == 60 }
            #expect(session.events("error").isEmpty, "\(session.events("error"))")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("power-profiles-daemon under its current name, already in power-saver at start; the bus gone falls back to sysfs")
        func currentDaemonAtStart() async throws {
            let bus = try await PrivateSystemBus.start()
            defer { bus.close() }
            try await bus.startMock(.current, profile: "power-saver")
            let session = try await Session.start(
                "ppd-current",
                Launch(arguments: ["--sysfs-root", "sysfs"] + Self.hour, environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) {
                    directory in
                    try Power.writeCues(directory)
                    try ScratchSysfs(in: directory).addBattery(capacity: 80, acOnline: true)
                })
            defer { session.close() }
            let stopped = try await session.waitForEvent("policy stopped by the daemon's power-saver") {
                $0.name == "policy" && $0.bool("lowPower") == true
            }
            #expect(stopped.t < 1, "the start's Get answers at once: \(stopped)")
            let power = try #require(session.events("power").last)
            #expect(power.string("source") == "AC; power-profiles-daemon power-saver", "\(power)")
            let seen = session.events().count
            try await bus.setProfile("performance")
            let resumed = try await session.waitForEvent("policy after performance", after: seen) { $0.name == "policy" }
            #expect(resumed.bool("lowPower") == false && resumed.int("fps") == 60, "\(resumed)")

            // Power saver again, then the whole bus goes: the sign falls back
            // to sysfs (AC, 80 %), and the dead connection does not spin.
            try await bus.setProfile("power-saver")
            try await session.waitForEvent("power-saver again", after: seen) { $0.name == "policy" && $0.bool("lowPower") == true }
            let seenBeforeBusGone = session.events().count
            bus.close()
            let fallback = try await session.waitForEvent("sysfs alone", after: seenBeforeBusGone) { $0.name == "policy" }
            #expect(fallback.bool("lowPower") == false && fallback.int("fps") == 60, "\(fallback)")
            #expect(session.events("power").last?.string("source") == "AC", "\(session.events("power").last as Any)")
            try await session.waitForLitLEDs(minimum: 20)
            let pid = try await session.programPID()
            let before = try Self.cpuTicks(pid)
            try await pause(1)
            let used = try Self.cpuTicks(pid) - before
            #expect(used < 30, "\(used) CPU ticks in 1 s after the bus went (a spinning loop would use ~100)")
            #expect(session.events("error").isEmpty, "\(session.events("error"))")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        /// utime + stime of `pid`, in clock ticks.
        static func cpuTicks(_ pid: pid_t) throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            guard let close = stat.lastIndex(of: ")") else { throw E2EFailure("unreadable /proc/\(pid)/stat") }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the command: state is field 3, utime 14, stime 15.
            guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
                throw E2EFailure("unexpected /proc/\(pid)/stat: \(stat)")
            }
            return user + system
        }
    }
}
