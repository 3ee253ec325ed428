import Foundation
import Testing

/// A system bus of the test's own: a `dbus-daemon` with a config of its own
/// listening on a socket in a directory named for this test process (so
/// `.leavesNothingBehind` sees anything left), and python-dbusmock playing
/// power-profiles-daemon on it (docs/testing.md). The sign reaches it
/// through `DBUS_SYSTEM_BUS_ADDRESS`, which sd-bus honours; the test drives
/// the mock with `dbus-send`. `close()` kills both, reaps them and removes
/// the directory.
final class PrivateSystemBus {
    /// Debian's python3 (python3-dbusmock is installed for it, not for a
    /// python3 earlier on PATH).
    static let python = "/usr/bin/python3"

    /// The daemon names the sign asks for (docs/power-probe.md).
    enum Daemon {
        /// `org.freedesktop.UPower.PowerProfiles`, power-profiles-daemon 0.20 and later.
        case current
        /// `net.hadess.PowerProfiles`, what dbusmock's template provides.
        case legacy

        var name: String { self == .current ? "org.freedesktop.UPower.PowerProfiles" : "net.hadess.PowerProfiles" }
        var path: String { self == .current ? "/org/freedesktop/UPower/PowerProfiles" : "/net/hadess/PowerProfiles" }
    }

    let directory: URL
    var address: String { "unix:path=\(directory.path)/system_bus_socket" }
    private var daemonPID: pid_t?
    private var mockPID: pid_t?
    private(set) var mock: Daemon?
    private var closed = false

    private init(directory: URL) {
        self.directory = directory
    }

    static func start() async throws -> PrivateSystemBus {
        let bus = PrivateSystemBus(directory: try E2E.makeShortDirectory("bus"))
        do {
            let config = """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig>
                  <type>system</type>
                  <listen>\(bus.address)</listen>
                  <auth>EXTERNAL</auth>
                  <policy context="default">
                    <allow user="*"/>
                    <allow own="*"/>
                    <allow send_destination="*"/>
                    <allow receive_sender="*"/>
                  </policy>
                </busconfig>

                """
            let configURL = bus.directory.appendingPathComponent("bus.conf")
            try writeFile(config, to: configURL)
            bus.daemonPID = try spawnProgram(
                try E2E.which("dbus-daemon"), ["--config-file=\(configURL.path)", "--nofork", "--nopidfile"],
                environment: E2E.childEnvironment(), stdin: "/dev/null", stdout: bus.log("dbus-daemon"),
                stderr: bus.log("dbus-daemon.stderr"))
            try await waitFor("the private bus's socket", timeout: 10, context: { bus.logs() }) {
                FileManager.default.fileExists(atPath: bus.directory.path + "/system_bus_socket") ? true : nil
            }
        } catch {
            bus.close()
            throw error
        }
        return bus
    }

    /// Starts power-profiles-daemon's stand-in: dbusmock's template (the
    /// legacy name), or a plain mock object under the current name with an
    /// `ActiveProfile` of `profile`. Returns once the name is owned.
    func startMock(_ daemon: Daemon, profile: String = "balanced") async throws {
        var arguments = ["-m", "dbusmock", "--system"]
        switch daemon {
        case .legacy: arguments += ["--template", "power_profiles_daemon", "--parameters", "{\"ActiveProfile\": \"\(profile)\"}"]
        case .current: arguments += [daemon.name, daemon.path, daemon.name]
        }
        var environment = E2E.childEnvironment()
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        mockPID = try spawnProgram(Self.python, arguments, environment: environment, stdin: "/dev/null",
                                   stdout: log("dbusmock"), stderr: log("dbusmock.stderr"))
        mock = daemon
        try await waitFor("\(daemon.name) on the private bus", timeout: 15, context: logs) {
            try await hasOwner(daemon.name) ? true : nil
        }
        if daemon == .current {
            try await call(daemon, "org.freedesktop.DBus.Mock.AddProperty",
                           ["string:\(daemon.name)", "string:ActiveProfile", "variant:string:\(profile)"])
        }
    }

    /// Sets the mock's `ActiveProfile`, which emits `PropertiesChanged`.
    func setProfile(_ profile: String) async throws {
        guard let mock else { throw E2EFailure("no mock is running") }
        try await call(mock, "org.freedesktop.DBus.Properties.Set",
                       ["string:\(mock.name)", "string:ActiveProfile", "variant:string:\(profile)"])
    }

    /// Kills the mock: its name leaves the bus.
    func stopMock() {
        if let mockPID { stop(mockPID) }
        mockPID = nil
        mock = nil
    }

    func close() {
        guard !closed else { return }
        closed = true
        stopMock()
        if let daemonPID { stop(daemonPID) }
        daemonPID = nil
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { close() }

    private func hasOwner(_ name: String) async throws -> Bool {
        let result = try await dbusSend(["--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                         "org.freedesktop.DBus.NameHasOwner", "string:\(name)"])
        return result.status == 0 && result.stdout.contains("boolean true")
    }

    private func call(_ daemon: Daemon, _ method: String, _ arguments: [String]) async throws {
        let result = try await dbusSend(["--dest=\(daemon.name)", daemon.path, method] + arguments)
        guard result.status == 0 else { throw E2EFailure("dbus-send \(method) failed: \(result.stderr)") }
    }

    /// `--bus=`, not `--address=`, which is a peer connection that never
    /// says Hello (the bus then drops it).
    private func dbusSend(_ arguments: [String]) async throws -> CommandResult {
        try await runCommand(try E2E.which("dbus-send"), ["--bus=\(address)", "--print-reply"] + arguments, timeout: 10)
    }

    private func stop(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    private func log(_ name: String) -> String { directory.appendingPathComponent("\(name).log").path }

    private func logs() -> String {
        ["dbus-daemon", "dbus-daemon.stderr", "dbusmock", "dbusmock.stderr"].map { name in
            "\(name): " + ((try? String(contentsOfFile: log(name), encoding: .utf8)) ?? "(no log)")
        }.joined(separator: "\n")
    }
}
