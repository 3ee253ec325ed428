import MarqueeApp
import MarqueeCore

// The option invariants, shared by the command-line and the config-file
// harnesses (both end in the same OptionValues code).

/// Every parsed option within the range its conversion promises.
func checkOptions(_ options: Options) {
    require((SecondsPerMessage.minimum...SecondsPerMessage.maximum).contains(options.seconds),
            "--seconds within 2...20", "\(options.seconds)")
    require(options.speed.isFinite && abs(options.speed) <= PlayerSettings.maximumSpeed, "--speed bounded", "\(options.speed)")
    require(options.scale.map { (1...64).contains($0) } ?? true, "--scale within 1...64")
    require((0.1...3600).contains(options.probeInterval), "--probe-interval within 0.1...3600", "\(options.probeInterval)")
    require((0...86400).contains(options.idleTimeout), "--idle-timeout within 0...86400", "\(options.idleTimeout)")
    require((1...4096).contains(options.snapshotColumns) && (1...4096).contains(options.snapshotRows),
            "--cols and --rows within 1...4096")
    require(options.snapshotAt.map { $0.isFinite && (0...86400).contains($0) } ?? true, "--at within 0...86400")
    if let message = options.message {
        require(!TerminalText.sanitize(message).allSatisfy { $0 == " " }, "a message is not blank once sanitised", message)
        require(options.file == nil, "never both a message and a file")
        require(options.follow == nil, "never both a message and a followed file")
    }
    require(options.file == nil || options.follow == nil, "never both a file and a followed file")
    require(!options.latest || options.file == "-" || options.follow != nil, "--latest only with live input")
    for path in [options.file, options.follow, options.font, options.events] {
        if let path { require(!path.isEmpty, "a file option is never empty") }
    }
    require(options.events != "-", "--events is never standard output")
    require(!options.sysfsRoot.isEmpty, "--sysfs-root is never empty")
}

/// Warnings are printed before the sign starts, through visible(): each a
/// clean line, and only about a mended --seconds.
func checkWarnings(_ warnings: [String], prefix: String = "") {
    for warning in warnings {
        requireSafeMessage(warning, "warning")
        require(warning.hasPrefix(prefix), "a warning names its place first", warning)
        require(warning.contains("seconds") && warning.contains("out of range"), "a warning is about --seconds", warning)
    }
}
