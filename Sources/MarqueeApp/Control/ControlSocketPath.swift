/// Where a sign's control socket lives (docs/control.md): `--control PATH`
/// as given, else `$XDG_RUNTIME_DIR/ledmarquee/NAME.sock`, else — no
/// runtime directory, or a relative one, which the XDG rules say to
/// ignore — `/tmp/ledmarquee-UID/NAME.sock`. Pure: the directory is made
/// and checked by ``ControlDirectory``.
struct ControlSocketPath: Equatable, Sendable {
    /// The name a sign goes by when `--name` is not given.
    static let defaultName = "default"
    /// Longest `--name`: a file name, well inside the socket path limit.
    static let maximumNameLength = 64
    /// `sun_path` holds 108 bytes, the terminating NUL included.
    static let maximumPathBytes = 107

    /// The socket's path.
    let path: String
    /// The directory ledmarquee makes (and checks) for it; nil for a path
    /// given with `--control`, whose directory is the caller's business.
    let directory: String?

    /// Why a name or a path cannot be used, as one line.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The path for `name` (nil: the default) or `control` (which wins).
    static func resolve(name: String?, control: String?, environment: [String: String],
                        uid: UInt32) throws(Failure) -> ControlSocketPath {
        let result: ControlSocketPath
        if let control {
            guard !control.isEmpty else { throw Failure(message: "--control needs a path") }
            result = ControlSocketPath(path: control, directory: nil)
        } else {
            let name = name ?? defaultName
            try validate(name: name)
            let directory: String
            if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
                directory = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/ledmarquee"
            } else {
                directory = "/tmp/ledmarquee-\(uid)"
            }
            result = ControlSocketPath(path: "\(directory)/\(name).sock", directory: directory)
        }
        let bytes = result.path.utf8.count
        guard bytes <= maximumPathBytes else {
            throw Failure(message: "\(result.path): a socket path is at most \(maximumPathBytes) bytes, this one is \(bytes)")
        }
        guard !result.path.utf8.contains(0) else { throw Failure(message: "a socket path cannot hold a NUL byte") }
        return result
    }

    /// A letter, digit, `.`, `_` or `-` of ASCII: what a sign's name is
    /// made of, and so one level of its MQTT topics (docs/fleet.md).
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                           || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
    }

    /// A name is a file name: letters, digits, `.`, `_`, `-`, 1 to 64 of
    /// them, not starting with `.` (no hidden file, no `..`).
    static func validate(name: String) throws(Failure) {
        let scalars = name.unicodeScalars
        let allowed = scalars.allSatisfy(isNameCharacter)
        guard allowed, (1...maximumNameLength).contains(scalars.count), scalars.first != "." else {
            let shown = name.count > maximumNameLength ? name.prefix(maximumNameLength) + "…" : Substring(name)
            throw Failure(message: "invalid sign name '\(shown)' (use 1 to \(maximumNameLength) letters, digits, '.', '_' or '-', not starting with '.')")
        }
    }
}
