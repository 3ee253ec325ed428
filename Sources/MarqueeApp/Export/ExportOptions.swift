/// `--export` plays no sign: it writes a file and exits, as `--snapshot`
/// prints and exits, so what needs a terminal or a playing sign does not go
/// with it; and the options that shape an export mean nothing without one
/// (docs/export.md, "Options").
extension CommandLineParser {
    static func checkExport(_ options: Options, given: Set<String>) throws(UsageError) {
        guard let export = options.export else {
            for name in ["led-pixels", "duration", "fps"] where given.contains(name) {
                throw UsageError("--\(name) needs --export")
            }
            return
        }
        for (name, set) in [("snapshot", options.snapshot), ("headless", options.headless), ("schedule", options.schedulePreview),
                            ("tty", options.tty != nil), ("mqtt", options.mqtt != nil), ("follow", options.follow != nil)] where set {
            throw UsageError("give either --export or --\(name), not both")
        }
        if options.file == "-" { throw UsageError("--export reads a cue file, not standard input") }
        if export.format.isStill {
            for name in ["duration", "fps"] where given.contains(name) {
                throw UsageError("--\(name) is for an animation; a .png is one moment (--at)")
            }
        } else if given.contains("at") {
            throw UsageError("--at picks a still's moment; an animation starts at 0 and lasts --duration")
        }
        if !export.format.isPixels, given.contains("led-pixels") {
            throw UsageError("--led-pixels sizes LEDs in pixels; a .cast records the terminal's cells")
        }
    }
}
