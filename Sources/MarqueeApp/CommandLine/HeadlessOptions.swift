/// `--headless` has no terminal, so nothing that needs one goes with it,
/// and a sign nobody can see must be reachable some other way
/// (docs/headless.md).
extension CommandLineParser {
    static func checkHeadless(_ options: Options) throws(UsageError) {
        guard options.headless else { return }
        if options.snapshot { throw UsageError("give either --headless or --snapshot, not both") }
        if options.tty != nil { throw UsageError("give either --headless or --tty, not both (--tty is a terminal)") }
        // The ways to reach a headless sign.
        let reachable = !options.noControl || options.events != nil || options.mqtt != nil
        if !reachable { throw UsageError("--headless needs the control socket, --events or --mqtt") }
    }
}
