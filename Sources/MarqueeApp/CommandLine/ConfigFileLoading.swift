import Glibc

/// Where the config file is and how it is read: bounded, regular files
/// only, never waiting on a FIFO (docs/command-line.md).
extension ConfigFile {
    /// The options of the chosen file; none for `.none` or a standard file
    /// that does not exist.
    static func load(_ choice: Choice, environment: [String: String]) throws(UsageError) -> [CommandLineParser.Assignment] {
        switch choice {
        case .none:
            return []
        case .file(let path):
            guard !path.isEmpty else { throw UsageError("option '--config' needs a file name") }
            guard let bytes = try read(path, required: true) else { return [] }
            return try parse(bytes, name: path)
        case .standard:
            guard let path = standardPath(environment), let bytes = try read(path, required: false) else { return [] }
            return try parse(bytes, name: path)
        }
    }

    /// `$XDG_CONFIG_HOME/ledmarquee/config`, else
    /// `$HOME/.config/ledmarquee/config`. The XDG base directory rules
    /// ignore an empty or relative `XDG_CONFIG_HOME`.
    static func standardPath(_ environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return withoutTrailingSlash(base) + "/ledmarquee/config"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return withoutTrailingSlash(home) + "/.config/ledmarquee/config"
        }
        return nil
    }

    /// The file's bytes; nil when it is not there and need not be.
    private static func read(_ path: String, required: Bool) throws(UsageError) -> [UInt8]? {
        do {
            return try Platform.readAll(path, limit: maximumBytes, dashIsStandardInput: false, regularFileOnly: true)
        } catch {
            if case .system(let code) = error, !required, code == ENOENT || code == ENOTDIR { return nil }
            throw UsageError("\(path): cannot read config file: \(error.reason(limit: maximumBytes))")
        }
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "/" ? "" : String(path)
    }
}
