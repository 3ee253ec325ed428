import EventLoop

extension ControlServer {
    /// The highest number a sign without `--name` tries: `default-99`.
    static let highestNumber = 99

    /// The socket of a sign given no `--name` (docs/control.md, "Two signs
    /// on one machine"): `default`, or, when another sign answers there,
    /// the first of `default-2`, `default-3`, … that none does, so a second
    /// sign in another pane plays rather than exits. A stale socket is no
    /// sign: it is replaced, as under any name. Returns the server and the
    /// name it took.
    static func openFirstFree(environment: [String: String], uid: UInt32,
                              loop: EventLoop = .main) throws(ControlSocketPath.Failure) -> (ControlServer, String) {
        let base = ControlSocketPath.defaultName
        var firstTaken: Failure?
        for number in 1...highestNumber {
            let name = number == 1 ? base : "\(base)-\(number)"
            let location = try ControlSocketPath.resolve(name: name, control: nil, environment: environment, uid: uid)
            do {
                return (try open(location, name: name, loop: loop), name)
            } catch where error.taken {
                firstTaken = firstTaken ?? error
            } catch {
                throw ControlSocketPath.Failure(message: error.message)
            }
        }
        throw ControlSocketPath.Failure(message: (firstTaken?.message ?? base)
                                        + ", and so is every name up to \(base)-\(highestNumber); give this one a --name")
    }

    /// What a sign that took another name says, on its status line and as
    /// an `error` record (docs/events-log.md: something the user should
    /// know that does not stop the sign).
    static func renamedNotice(_ name: String) -> String {
        "\(ControlSocketPath.defaultName) is taken by another sign: this one is \(name) (ledmarquee send --name \(name))"
    }
}
