import Foundation
import Testing
import TestSupport

extension EndToEnd.Flows {
    @Suite("Power")
    struct Power {
        static func writeCues(_ directory: URL) throws {
            try writeFile(CueFlow.cueFile, to: directory.appendingPathComponent("cues.txt"))
        }

        static func arguments() -> [String] {
            ["--sysfs-root", "sysfs", "--probe-interval", "0.2", "-s", "2", "--speed", "1.1"] + CueFlow.heldFlow
        }

        /// A sign on the held flow whose Pi-like zone reads 45 °C, once its
        /// nominal policy is logged.
        static func startAt45(_ name: String) async throws -> (Session, ScratchSysfs) {
            let session = try await Session.start(
                name,
                Launch(arguments: arguments()) { directory in
                    try writeCues(directory)
                    try ScratchSysfs(in: directory).addThermalZone(milliCelsius: 45_000)
                })
            do {
                try await session.waitForEvent("nominal policy") { $0.name == "policy" && $0.string("thermal") == "nominal" }
                return (session, try ScratchSysfs(in: session.directory))
            } catch {
                session.close()
                throw error
            }
        }

        /// Motion stopped by the probe: fps 0, a frozen screen, and no
        /// automatic cue while stopped. Returns the stop's policy event and the frozen screen.
        private func expectStopped(
            _ session: Session, after skip: Int, check: @escaping (Event) -> Bool,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> (Event, Screen) {
            let stop = try await session.waitForEvent("policy with fps 0", timeout: 5, after: skip) {
                $0.name == "policy" && $0.int("fps") == 0
            }
            #expect(stop.bool("animation") == false, sourceLocation: sourceLocation)
            #expect(stop.bool("effects") == false, sourceLocation: sourceLocation)
            #expect(check(stop), "\(stop)", sourceLocation: sourceLocation)
            let frozen = try await session.expectFrozen(sourceLocation: sourceLocation)
            #expect(frozen.litLEDs(panelRows: session.panelRows).count >= 5, "the stopped frame stays on screen",
                    sourceLocation: sourceLocation)
            return (stop, frozen)
        }

        /// Holds the stop for at least 2.5 s: still frozen, no automatic cue.
        private func expectStaysStopped(
            _ session: Session, since stop: Event, frozen: Screen, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let held = Stopwatch()
            try await pause(2.5)
            let later = try await session.capture()
            let same = later.top(session.panelRows) == frozen.top(session.panelRows)
            #expect(same,
                    "the LEDs moved during \(held.elapsed) s of stopped motion", sourceLocation: sourceLocation)
            let advanced = session.events().filter { $0.isAutomaticCue && $0.t > stop.t }
            #expect(advanced.isEmpty, "automatic cues while motion was stopped: \(advanced)", sourceLocation: sourceLocation)
        }

        /// Motion allowed again: fps 60, and the next automatic cue is a full
        /// 2 s after the resume. (That the scroll position survives a stop
        /// is `stopShowsWholeAndResumesInPlace`.)
        private func expectResumed(
            _ session: Session, after skip: Int, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let resume = try await session.waitForEvent("policy with fps 60", timeout: 5, after: skip) {
                $0.name == "policy" && $0.int("fps") == 60
            }
            #expect(resume.bool("animation") == true, sourceLocation: sourceLocation)
            let cue = try await session.waitForEvent("automatic cue after the resume", timeout: 6) {
                $0.isAutomaticCue && $0.t > resume.t
            }
            // A full new wait from the resume (time before the stop is not carried over).
            CueFlow.expectFullWait(from: resume, to: cue, late: 0.15, sourceLocation: sourceLocation)
        }

        @Test("a hot CPU stops motion and auto-advance; cooling resumes both")
        func thermal() async throws {
            let session = try await Session.start(
                "thermal",
                Launch(arguments: Self.arguments()) { directory in
                    try Self.writeCues(directory)
                    try ScratchSysfs(in: directory).addThermalZone(milliCelsius: 45_000)
                })
            defer { session.close() }
            let sysfs = try ScratchSysfs(in: session.directory)
            let nominal = try await session.waitForEvent("nominal policy") { $0.name == "policy" }
            #expect(nominal.int("fps") == 60)
            #expect(nominal.string("thermal") == "nominal", "45 °C against a 90 °C critical trip: \(nominal)")
            try await session.waitForLitLEDs(minimum: 20)

            let seen = session.events().count
            try sysfs.setTemperature(milliCelsius: 86_000)
            let (stop, frozen) = try await expectStopped(session, after: seen) { $0.string("thermal") == "critical" && $0.string("tier") == "minimal" }
            try await expectStaysStopped(session, since: stop, frozen: frozen)

            let seenBeforeCooling = session.events().count
            try sysfs.setTemperature(milliCelsius: 45_000)
            try await expectResumed(session, after: seenBeforeCooling)
            let resumed = try #require(session.events("policy").last(where: { $0.int("fps") == 60 }))
            #expect(resumed.string("thermal") == "nominal")
        }

        @Test("81 °C (critical trip - 9) is serious: motion stops")
        func serious() async throws {
            let (session, sysfs) = try await Self.startAt45("serious")
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 20)
            let seen = session.events().count
            try sysfs.setTemperature(milliCelsius: 81_000)
            _ = try await expectStopped(session, after: seen) { $0.string("thermal") == "serious" && $0.string("tier") == "minimal" }
        }

        @Test("a sensor jittering by a millidegree logs no power record; a move of 2 °C logs one")
        func temperatureJitter() async throws {
            let (session, sysfs) = try await Self.startAt45("jitter")
            defer { session.close() }
            let seen = session.events().count
            // About six probe readings (every 0.2 s) of 45.000 and 45.001 °C.
            for milliCelsius in [45_001, 45_000, 45_001, 44_999, 45_000, 45_001] {
                try sysfs.setTemperature(milliCelsius: milliCelsius)
                try await pause(0.25)
            }
            let jitter = session.events().dropFirst(seen).filter { $0.name == "power" || $0.name == "policy" }
            #expect(jitter.isEmpty, "sensor jitter is no change: \(jitter)")
            try sysfs.setTemperature(milliCelsius: 47_000)
            let moved = try await session.waitForEvent("a power record for 47 °C", timeout: 5, after: seen) { $0.name == "power" }
            #expect(moved.string("thermal") == "nominal", "\(moved)")
            try await session.send("x")
            try await session.waitForText("thermal nominal 47°C", timeout: 5)
        }

        @Test("a battery discharging to 15 % turns low power on; AC power turns it off")
        func lowBattery() async throws {
            let session = try await Session.start(
                "battery",
                Launch(arguments: Self.arguments()) { directory in
                    try Self.writeCues(directory)
                    try ScratchSysfs(in: directory).addBattery(capacity: 80)
                })
            defer { session.close() }
            let sysfs = try ScratchSysfs(in: session.directory)
            let normal = try await session.waitForEvent("first policy") { $0.name == "policy" }
            #expect(normal.int("fps") == 60)
            #expect(normal.bool("lowPower") == false, "80 % is not low: \(normal)")
            try await session.waitForLitLEDs(minimum: 20)

            let seen = session.events().count
            try sysfs.setBatteryCapacity(15)
            let (stop, frozen) = try await expectStopped(session, after: seen) { $0.bool("lowPower") == true && $0.string("tier") == "reduced" }
            try await expectStaysStopped(session, since: stop, frozen: frozen)

            let seenBeforePlug = session.events().count
            try sysfs.setACOnline(true)
            try await expectResumed(session, after: seenBeforePlug)
            let resumed = try #require(session.events("policy").last(where: { $0.int("fps") == 60 }))
            #expect(resumed.bool("lowPower") == false)
        }

        @Test("the monitor's dpms Off makes the scene inactive: frames and auto-advance stop; On starts a full wait")
        func displayOff() async throws {
            let session = try await Session.start(
                "display",
                Launch(arguments: Self.arguments()) { directory in
                    try Self.writeCues(directory)
                    try ScratchSysfs(in: directory).addHDMIMonitor(dpms: "On")
                })
            defer { session.close() }
            let sysfs = try ScratchSysfs(in: session.directory)
            let lit = try await session.waitForEvent("policy with the display on") { $0.name == "policy" }
            #expect(lit.int("fps") == 60)
            #expect(lit.string("display") == "on" && lit.string("scene") == "active", "\(lit)")
            try await session.waitForLitLEDs(minimum: 20)

            let seen = session.events().count
            try sysfs.setDPMS("Off")
            let (stop, frozen) = try await expectStopped(session, after: seen) {
                $0.string("scene") == "inactive" && $0.string("display") == "off" && $0.string("tier") == "full"
            }
            let power = try #require(session.events("power").last)
            #expect(power.string("display") == "off")
            #expect(power.string("source")?.contains("card1-HDMI-A-1 dpms Off") == true, "\(power)")
            try await expectStaysStopped(session, since: stop, frozen: frozen)
            // Any key shows the status line; space is refused, saying why.
            try await session.send("x")
            try await session.waitForText("■ display off  0 fps (display off)", timeout: 5)
            try await session.send("Space")
            try await session.waitForText("motion is stopped (display off): pause unavailable", timeout: 5)

            let seenBeforeOn = session.events().count
            try sysfs.setDPMS("On")
            try await expectResumed(session, after: seenBeforeOn)
            let resumed = try #require(session.events("policy").last(where: { $0.int("fps") == 60 }))
            #expect(resumed.string("scene") == "active" && resumed.string("display") == "on")
        }

        @Test("t, b and m simulate thermal states, low power and reduce motion")
        func simulationKeys() async throws {
            let session = try await Session.start(
                "simulate", Launch(arguments: ["-s", "20", "--scale", "3", "--speed", "0.4", "-f", "cues.txt"],
                                   prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first policy") { $0.name == "policy" }
            try await session.waitForLitLEDs(minimum: 5)

            func press(_ key: String, expect: @escaping (Event) -> Bool, _ what: String) async throws -> Event {
                let seen = session.events().count
                try await session.send(key)
                let policy = try await session.waitForEvent("policy after \(key)", after: seen) { $0.name == "policy" }
                #expect(expect(policy), "\(what): \(policy)")
                return policy
            }
            _ = try await press("t", expect: { $0.string("thermal") == "nominal" && $0.int("fps") == 60 }, "nominal")
            _ = try await press("t", expect: {
                $0.string("thermal") == "fair" && $0.int("fps") == 30 && $0.bool("effects") == false
                    && $0.string("tier") == "reduced"
            }, "fair: 30 fps, no effects")
            _ = try await press("t", expect: { $0.string("thermal") == "serious" && $0.int("fps") == 0 }, "serious")

            // Pause is refused while motion is stopped; next still works.
            let pausesBefore = session.events("pause").count
            try await session.send("Space")
            try await session.waitForText("unavailable", timeout: 5)
            #expect(session.events("pause").count == pausesBefore, "no pause while stopped")
            let seenCues = session.events("cue").count
            try await session.send("n")
            try await session.waitForEvent("manual cue while stopped") { _ in session.events("cue").count > seenCues }

            _ = try await press("t", expect: { $0.string("thermal") == "critical" && $0.int("fps") == 0 }, "critical")
            _ = try await press("t", expect: { $0.int("fps") == 60 }, "auto")
            _ = try await press("b", expect: { $0.bool("lowPower") == true && $0.int("fps") == 0 }, "low power on")
            _ = try await press("b", expect: { $0.bool("lowPower") == false && $0.int("fps") == 60 }, "low power off")
            try await session.send("b")  // back to auto
            try await session.waitForEvent("key b") { _ in session.events("key").filter { $0.string("name") == "b" }.count == 3 }
            _ = try await press("m", expect: { $0.bool("reduceMotion") == true && $0.int("fps") == 0 }, "reduce motion")
            try await session.expectFrozen()
            _ = try await press("m", expect: { $0.bool("reduceMotion") == false && $0.int("fps") == 60 }, "motion again")
            try await session.waitForMovement("the LEDs to move after m") { $0.left >= 2 }
        }

        @Test("stopped by low power, the process sleeps: its threads wake under once a second in all")
        func stoppedProcessSleeps() async throws {
            // The default probe interval (2 s): one wake-up per reading.
            let session = try await Session.start("sleeps", Launch(arguments: ["--low-power", "on", "SLEEPING SIGN"]))
            defer { session.close() }
            try await session.waitForEvent("policy with fps 0") { $0.name == "policy" && $0.int("fps") == 0 }
            try await session.expectFrozen()
            let pid = try await session.programPID()
            let before = try Self.wakeUps(pid)
            let window = 6.0
            try await pause(window)
            let after = try Self.wakeUps(pid)
            let woken = after.total - before.total
            #expect(Double(woken) / window < 1.0, "\(woken) wake-ups in \(window) s; per thread: \(after.perThread)")
        }

        /// Voluntary context switches (a thread going to sleep, i.e. one per
        /// wake-up) summed over every thread of `pid`.
        static func wakeUps(_ pid: pid_t) throws -> (total: Int, perThread: [String: Int]) {
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            var perThread: [String: Int] = [:]
            for task in tasks {
                let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
                let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                perThread[task] = line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            }
            return (perThread.values.reduce(0, +), perThread)
        }
    }
}
