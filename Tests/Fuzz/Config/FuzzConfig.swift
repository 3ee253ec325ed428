@testable import MarqueeApp
import MarqueeCore

/// The config file parser over any bytes, as if they were the file read
/// (`CommandLineParser.parse(_:configBytes:configName:)`, no arguments),
/// then the same options given on the command line instead: a file must
/// mean what the command line means.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let name = "fuzz.config"
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
    let command: Command
    do {
        command = try CommandLineParser.parse([], configBytes: bytes, configName: name)
    } catch {
        // Every error names the file and a line of it, then quotes what was
        // written there; the program prints it through visible().
        requireSafeMessage(error.message, "config error")
        let rest = error.message.dropFirst(name.count + 1)
        let line = Int(rest.prefix { $0.isASCII && $0.isNumber })
        require(error.message.hasPrefix(name + ":") && line.map { (1...lines).contains($0) } == true,
                "a config error names the file and one of its lines", error.message)
        require(error.message.count < 400, "a config error quotes a bounded part of the line", "\(error.message.count)")
        return 0
    }
    require((try? CommandLineParser.parse([], configBytes: bytes, configName: name)) == command, "parsing is deterministic")
    guard case .run(let options, let warnings) = command else {
        broken("a config file alone can only run the sign")
    }
    checkOptions(options)
    checkWarnings(warnings, prefix: name + ":")
    // What only the command line may set stays as it was.
    let fresh = Options()
    require(options.message == nil && options.file == nil && options.follow == nil && !options.latest
            && options.format == fresh.format && !options.snapshot && options.snapshotAt == nil
            && options.snapshotColumns == fresh.snapshotColumns && options.snapshotRows == fresh.snapshotRows,
            "a config file sets no command-line-only option")

    guard let assignments = try? ConfigFile.parse(bytes, name: name) else { broken("the file parsed once, not twice") }
    let arguments = assignments.map { "--" + $0.spec.long + ($0.value.map { "=" + $0 } ?? "") }
    guard case .run(let same, let sameWarnings)? = try? CommandLineParser.parse(arguments) else {
        broken("the file's options fail on the command line", arguments.joined(separator: " "))
    }
    require(same == options, "the file's options mean what they mean on the command line", arguments.joined(separator: " "))
    require(sameWarnings.count == warnings.count, "the same warnings on the command line")
    return 0
}
