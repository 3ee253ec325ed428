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
/// ```swift
/// let news = PowerNews(environment: Platform.environment)
/// let record = news.start(onUevent: { readPower() }, onProfile: { sampler.setProfile($0); readPower() })
/// news.stop()
/// ```
///
/// Used on the loop's thread only.
final class PowerNews {
    private let environment: [String: String]
    private let loop: EventLoop
    private var uevents: UeventWatch?
    private var profiles: PowerProfilesWatch?

    init(environment: [String: String], loop: EventLoop = .main) {
        self.environment = environment
        self.loop = loop
    }

    /// Opens what can be opened and starts watching it; returns the
    /// `powerSources` record that says which. Both callbacks run on the
    /// loop's thread: `onUevent` for news of a power supply, `onProfile`
    /// when the daemon's profile changes (nil: none answers any more).
    func start(onUevent: @escaping @Sendable () -> Void,
               onProfile: @escaping @Sendable (DaemonProfile?) -> Void) -> EventRecord {
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
        var profileSource = "none"
        switch BusConnection.openSystem(loop: loop) {
        case .success(let connection):
            let watch = PowerProfilesWatch(connection: connection)
            watch.onChange = onProfile
            if watch.start() {
                profiles = watch
                profileSource = "system bus"
            } else {
                watch.stop()
                notes.append("system bus: cannot add the matches")
            }
        case .failure(let failure):
            notes.append(failure.message)
        }
        return .powerSources(uevents: ueventSource, profiles: profileSource,
                             note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    func stop() {
        uevents?.stop()
        uevents = nil
        profiles?.stop()
        profiles = nil
    }
}
