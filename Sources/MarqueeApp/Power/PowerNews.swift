import EventLoop
import MarqueeCore
import PowerProbe

/// The sources that tell of a change in power at once, beside the sysfs
/// probe, which stays the fallback and keeps its interval
/// (docs/power-probe.md, "Power news"): kernel uevents (a charger plugged
/// or pulled) and power-profiles-daemon on the system bus (the desktop's
/// Power Saver). Each is optional: a container without netlink or a
/// machine without a system bus or the daemon plays on the probe alone,
/// and says so only in the events log (the `powerSources` record).
///
/// The bus is opened one loop turn after `start`, so after the sign's
/// first frame: loading libsystemd for it (``LazyLibrary``) costs a sign
/// about a millisecond of its start-up, and nothing is missed meanwhile,
/// since the watch asks the daemon's profile as it starts.
///
/// ```swift
/// let news = PowerNews(environment: Platform.environment)
/// news.start(onUevent: { readPower() }, onProfile: { sampler.setProfile($0); readPower() },
///            onSources: { log.write($0) })
/// news.stop()
/// ```
///
/// Used on the loop's thread only (so `@unchecked Sendable`: its timer's
/// callback runs there too).
final class PowerNews: @unchecked Sendable {
    private let environment: [String: String]
    private let loop: EventLoop
    private var uevents: UeventWatch?
    private var profiles: PowerProfilesWatch?
    private var pendingBus: LoopTimer?

    init(environment: [String: String], loop: EventLoop = .main) {
        self.environment = environment
        self.loop = loop
    }

    /// Opens the uevent socket now and the system bus on the next loop
    /// turn, and starts watching what opened; then `onSources` gets the
    /// `powerSources` record that says which. The callbacks run on the
    /// loop's thread: `onUevent` for news of a power supply, `onProfile`
    /// when the daemon's profile changes (nil: none answers any more).
    func start(onUevent: @escaping @Sendable () -> Void,
               onProfile: @escaping @Sendable (DaemonProfile?) -> Void,
               onSources: @escaping @Sendable (EventRecord) -> Void) {
        var notes: [String] = []
        var ueventSource = "none"
        switch UeventSocket.open(environment: environment) {
        case .success(let socket):
            let watch = UeventWatch(socket: socket, loop: loop)
            watch.start(onUevent)
            uevents = watch
            ueventSource = socket.name
        case .failure(let failure):
            notes.append(failure.message)
        }
        let ueventNotes = notes, ueventName = ueventSource
        pendingBus = loop.schedule(at: .now) { [weak self] in
            guard let self else { return }
            self.pendingBus = nil
            var notes = ueventNotes
            let profileSource = self.startProfiles(onProfile, notes: &notes)
            onSources(.powerSources(uevents: ueventName, profiles: profileSource,
                                    note: notes.isEmpty ? nil : notes.joined(separator: "; ")))
        }
    }

    /// The power-profiles watch on the system bus: its source name, or
    /// `none` with why in `notes`.
    private func startProfiles(_ onProfile: @escaping @Sendable (DaemonProfile?) -> Void, notes: inout [String]) -> String {
        switch BusConnection.openSystem(loop: loop) {
        case .success(let connection):
            let watch = PowerProfilesWatch(connection: connection)
            watch.onChange = onProfile
            if watch.start() {
                profiles = watch
                return "system bus"
            }
            watch.stop()
            notes.append("system bus: cannot add the matches")
        case .failure(let failure):
            notes.append(failure.message)
        }
        return "none"
    }

    func stop() {
        if let pendingBus { loop.cancel(pendingBus) }
        pendingBus = nil
        uevents?.stop()
        uevents = nil
        profiles?.stop()
        profiles = nil
    }
}
