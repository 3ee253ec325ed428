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
    guard case .run(let options, let warnings) = command else { return 0 }
    checkOptions(options)
    checkWarnings(warnings)
    return 0
}
