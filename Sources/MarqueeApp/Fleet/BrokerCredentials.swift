import Glibc

/// The user name and password a sign gives its broker (docs/fleet.md):
/// from `--mqtt-password-file FILE` (one line, `USER:PASSWORD`; a line
/// without `:` is the password of `$LEDMARQUEE_MQTT_USER`), else from
/// `$LEDMARQUEE_MQTT_USER` and `$LEDMARQUEE_MQTT_PASSWORD`. Never from the
/// command line, where `ps` shows it to every user.
struct BrokerCredentials: Equatable, Sendable {
    var user: String
    var password: String?

    static let userVariable = "LEDMARQUEE_MQTT_USER"
    static let passwordVariable = "LEDMARQUEE_MQTT_PASSWORD"
    /// A password file is one short line.
    static let maximumFileBytes = 4096

    /// Why the credentials cannot be read, as one line.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The credentials, nil when none are given; `warnings` gets a note for
    /// a password file that others may read.
    static func resolve(passwordFile: String?, environment: [String: String],
                        warnings: inout [String]) throws(Failure) -> BrokerCredentials? {
        let environmentUser = environment[userVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let passwordFile {
            let bytes: [UInt8]
            do {
                bytes = try Platform.readBounded(passwordFile, limit: maximumFileBytes, regularFileOnly: true, what: "password file")
            } catch {
                throw Failure(message: error.message)
            }
            var info = stat()
            if stat(passwordFile, &info) == 0, info.st_mode & 0o077 != 0 {
                warnings.append("\(passwordFile): others may read this password file (chmod 600 it)")
            }
            return try parse(bytes, file: passwordFile, environmentUser: environmentUser)
        }
        let password = environment[passwordVariable]
        guard let environmentUser else {
            if password != nil { throw Failure(message: "\(passwordVariable) is set but \(userVariable) is not") }
            return nil
        }
        return BrokerCredentials(user: environmentUser, password: password)
    }

    /// A password file's bytes: its first line, `USER:PASSWORD` (split at
    /// the first `:`), or a password for `environmentUser`.
    static func parse(_ bytes: [UInt8], file: String, environmentUser: String?) throws(Failure) -> BrokerCredentials {
        let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
        guard let text = String(validating: trimmed, as: UTF8.self), !text.isEmpty, !text.utf8.contains(0) else {
            throw Failure(message: "\(file): the first line must be USER:PASSWORD (UTF-8 text)")
        }
        if let colon = text.firstIndex(of: ":") {
            let user = String(text[..<colon])
            guard !user.isEmpty else { throw Failure(message: "\(file): no user before ':'") }
            return BrokerCredentials(user: user, password: String(text[text.index(after: colon)...]))
        }
        guard let environmentUser else {
            throw Failure(message: "\(file): holds no USER: and \(userVariable) is not set")
        }
        return BrokerCredentials(user: environmentUser, password: text)
    }
}
