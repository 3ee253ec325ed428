import CSystemd
import PowerProbe

/// Follows power-profiles-daemon's `ActiveProfile` on the system bus
/// (docs/power-probe.md, "Power news"): the desktop's Power Saver, which is
/// Linux's low power mode. Its current name, `org.freedesktop.UPower.PowerProfiles`,
/// is asked first, then the older `net.hadess.PowerProfiles`, which
/// daemons before 0.20 have alone (and later ones keep as an alias).
///
/// Nothing here waits: for each name it adds two matches — the daemon's
/// `PropertiesChanged`, so a change arrives at once, and the bus's
/// `NameOwnerChanged` for the name, so a daemon that starts, restarts or
/// stops later is noticed — then asks for the property with an
/// asynchronous `Get` that does not start the daemon (no auto-start: a
/// sign must not start a system service). The bus filters the signals by
/// sender, so only the name's owner can change the sign's mind.
///
/// ``onChange`` gets the profile the first name that answers reports, or
/// nil when neither does; it runs only when that changes.
///
/// Used on the loop's thread only.
final class PowerProfilesWatch: @unchecked Sendable {
    /// A name the daemon answers on, with its object and interface.
    struct Daemon: Sendable {
        let name: String
        let path: String
        var interface: String { name }
    }

    static let daemons = [
        Daemon(name: "org.freedesktop.UPower.PowerProfiles", path: "/org/freedesktop/UPower/PowerProfiles"),
        Daemon(name: "net.hadess.PowerProfiles", path: "/net/hadess/PowerProfiles"),
    ]
    static let property = "ActiveProfile"
    /// How long a `Get` may take before the daemon counts as absent.
    static let callTimeoutMicroseconds: UInt64 = 5_000_000

    private let connection: BusConnection
    private var contexts: [DaemonContext] = []
    /// What each daemon name last said (nil: nothing, or not running).
    private var profiles: [DaemonProfile?]
    private var reported: DaemonProfile?
    private var started = false
    var onChange: (@Sendable (DaemonProfile?) -> Void)?

    init(connection: BusConnection) {
        self.connection = connection
        profiles = Array(repeating: nil, count: Self.daemons.count)
    }

    /// Adds the matches and the first `Get`s; false when sd-bus refuses
    /// them (the connection is then useless).
    func start() -> Bool {
        guard !started else { return true }
        started = true
        connection.onFailure = { [weak self] in self?.connectionFailed() }
        for (index, daemon) in Self.daemons.enumerated() {
            let context = DaemonContext(watch: self, index: index)
            contexts.append(context)
            let userdata = Unmanaged.passUnretained(context).toOpaque()
            let changed = "type='signal',sender='\(daemon.name)',path='\(daemon.path)',"
                + "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='\(daemon.interface)'"
            let owner = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(daemon.name)'"
            // Floating slots (nil): the bus owns them and frees them with itself.
            guard sd_bus_add_match_async(connection.bus, nil, changed, { message, userdata, _ in
                      DaemonContext.from(userdata)?.propertiesChanged(message)
                      return 0
                  }, nil, userdata) >= 0,
                  sd_bus_add_match_async(connection.bus, nil, owner, { message, userdata, _ in
                      DaemonContext.from(userdata)?.ownerChanged(message)
                      return 0
                  }, nil, userdata) >= 0,
                  ask(index) else { return false }
        }
        connection.pump()
        return true
    }

    /// Closes the connection: no callback runs after it.
    func stop() {
        onChange = nil
        connection.close()
    }

    /// An asynchronous `Properties.Get` of the profile, not starting the daemon.
    @discardableResult
    private func ask(_ index: Int) -> Bool {
        let daemon = Self.daemons[index]
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(connection.bus, &call, daemon.name, daemon.path,
                                             "org.freedesktop.DBus.Properties", "Get") >= 0, let call else { return false }
        defer { sd_bus_message_unref(call) }
        let userdata = Unmanaged.passUnretained(contexts[index]).toOpaque()
        return sd_bus_message_set_auto_start(call, 0) >= 0
            && daemon.interface.withCString { sd_bus_message_append_basic(call, CChar(UInt8(ascii: "s")), $0) } >= 0
            && Self.property.withCString { sd_bus_message_append_basic(call, CChar(UInt8(ascii: "s")), $0) } >= 0
            && sd_bus_call_async(connection.bus, nil, call, { reply, userdata, _ in
                DaemonContext.from(userdata)?.answered(reply)
                return 0
            }, userdata, Self.callTimeoutMicroseconds) >= 0
    }

    func answered(_ index: Int, _ reply: OpaquePointer) {
        update(index, BusMessage.isError(reply) ? nil : BusMessage.variantString(reply).flatMap(DaemonProfile.init))
    }

    func propertiesChanged(_ index: Int, _ message: OpaquePointer) {
        guard let change = BusMessage.propertyChange(message, interface: Self.daemons[index].interface,
                                                     property: Self.property) else { return }
        if let value = change.value {
            update(index, DaemonProfile(activeProfile: value))
        } else if change.invalidated {
            ask(index)
        }
    }

    /// `NameOwnerChanged(name, old owner, new owner)`: an empty new owner is
    /// a daemon gone, any other a daemon (re)started, which is asked.
    func ownerChanged(_ index: Int, _ message: OpaquePointer) {
        guard BusMessage.string(message) == Self.daemons[index].name, BusMessage.string(message) != nil,
              let owner = BusMessage.string(message) else { return }
        if owner.isEmpty {
            update(index, nil)
        } else {
            ask(index)
        }
    }

    private func connectionFailed() {
        for index in profiles.indices { profiles[index] = nil }
        report()
    }

    private func update(_ index: Int, _ profile: DaemonProfile?) {
        profiles[index] = profile
        report()
    }

    private func report() {
        let current = profiles.lazy.compactMap { $0 }.first
        guard current != reported else { return }
        reported = current
        onChange?(current)
    }
}
