/// The userdata of sd-bus callbacks, which are C function pointers and so
/// capture nothing: which daemon name of a ``PowerProfilesWatch`` a match
/// or a reply is about. The watch holds its contexts for as long as its
/// connection lives (sd-bus only calls back inside `sd_bus_process`, which
/// a closed connection never runs), and a context holds the watch weakly,
/// so the two do not keep each other alive.
final class DaemonContext {
    weak var watch: PowerProfilesWatch?
    let index: Int

    init(watch: PowerProfilesWatch, index: Int) {
        self.watch = watch
        self.index = index
    }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> DaemonContext? {
        userdata.map { Unmanaged<DaemonContext>.fromOpaque($0).takeUnretainedValue() }
    }

    func answered(_ reply: OpaquePointer?) {
        if let reply { watch?.answered(index, reply) }
    }

    func propertiesChanged(_ message: OpaquePointer?) {
        if let message { watch?.propertiesChanged(index, message) }
    }

    func ownerChanged(_ message: OpaquePointer?) {
        if let message { watch?.ownerChanged(index, message) }
    }
}
