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

/// `--schedule` prints and exits, as `--snapshot` does; `--now` only means
/// something to one of the two (a playing sign shows what the wall clock says).
extension CommandLineParser {
    static func checkPreview(_ options: Options) throws(UsageError) {
        if options.now != nil, !options.schedulePreview, !options.snapshot, options.export == nil {
            throw UsageError("--now needs --schedule, --snapshot or --export (a playing sign follows the wall clock)")
        }
        guard options.schedulePreview else { return }
        if options.snapshot { throw UsageError("give either --schedule or --snapshot, not both") }
        if options.headless { throw UsageError("give either --schedule or --headless, not both") }
        if options.mqtt != nil { throw UsageError("--schedule previews a deck of its own; it cannot join a fleet (--mqtt)") }
    }
}
