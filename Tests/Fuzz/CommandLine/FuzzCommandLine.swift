import MarqueeApp
import MarqueeCore

/// `CommandLineParser.parse` over any argument vector: the input split at
/// NUL bytes (as the kernel hands `argv` over), each argument decoded as
/// UTF-8 with invalid bytes as U+FFFD.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // No bytes is no arguments, not one empty argument.
    let arguments = size == 0 ? [] : UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let command: Command
    do {
        command = try CommandLineParser.parse(arguments)
    } catch {
        // The message quotes what was typed; the program prints it through
        // visible(), which must leave one clean line.
        requireSafeMessage(error.message, "usage error")
        require(error.message == error.description, "a usage error describes itself by its message")
        return 0
    }
    require((try? CommandLineParser.parse(arguments)) == command, "parsing is deterministic")
    guard case .run(let options, _) = command else { return 0 }
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
    }
    for path in [options.file, options.font, options.events] {
        if let path { require(!path.isEmpty, "a file option is never empty") }
    }
    require(!options.sysfsRoot.isEmpty, "--sysfs-root is never empty")
    return 0
}
