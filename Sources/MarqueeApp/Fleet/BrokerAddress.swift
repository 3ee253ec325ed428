import Glibc
import MarqueeCore

/// Where a fleet's broker is (`--mqtt URL`, docs/fleet.md): `mqtt://HOST[:PORT]`
/// (port 1883) or `mqtts://HOST[:PORT]` (TLS, port 8883). HOST is a name,
/// an IPv4 address or an IPv6 address in brackets. Credentials never go in
/// the URL, where `ps` would show them; nor do a path or a query, which
/// MQTT has no use for.
struct BrokerAddress: Equatable, Sendable, CustomStringConvertible {
    var host: String
    var port: Int
    var tls: Bool

    /// Longest host name DNS allows.
    static let maximumHostBytes = 253

    /// Why a URL cannot be used, as one line.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// An IPv4 or IPv6 address rather than a name: connecting needs no
    /// lookup, so it cannot wait on a name service.
    var isNumeric: Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &buffer) == 1 || inet_pton(AF_INET6, host, &buffer) == 1
    }

    /// As a person would write it back: `mqtts://broker.local:8883`.
    var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }

    static func parse(_ url: String) throws(Failure) -> BrokerAddress {
        // Escaped, then cut: a URL from a config file may hold a newline,
        // an escape or a thousand NULs.
        let escaped = TerminalText.visible(url)
        let shown = escaped.count > 80 ? escaped.prefix(80) + "…" : Substring(escaped)
        func fail(_ why: String) -> Failure { Failure(message: "--mqtt '\(shown)': \(why)") }
        let lower = url.lowercased()
        let tls: Bool
        let rest: Substring
        if lower.hasPrefix("mqtt://") {
            (tls, rest) = (false, url.dropFirst(7))
        } else if lower.hasPrefix("mqtts://") {
            (tls, rest) = (true, url.dropFirst(8))
        } else {
            throw fail("use mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
        }
        var authority = rest
        if authority.last == "/" { authority = authority.dropLast() }
        if authority.contains("@") {
            throw fail("no user or password in the URL (ps shows it); use LEDMARQUEE_MQTT_USER and LEDMARQUEE_MQTT_PASSWORD or --mqtt-password-file")
        }
        if authority.contains("/") || authority.contains("?") || authority.contains("#") {
            throw fail("a broker URL has no path or query")
        }
        let host: Substring
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { throw fail("an IPv6 address needs its closing ']'") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw fail("expected ':PORT' after ']'") }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw fail("not an IPv6 address in brackets")
            }
        } else {
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
            } else {
                host = authority
            }
            guard !host.isEmpty else { throw fail("no host") }
            // A DNS name (or IPv4 address) uses what a sign name does.
            let allowed = host.unicodeScalars.allSatisfy(ControlSocketPath.isNameCharacter)
            guard allowed else { throw fail("a host is letters, digits, '.', '-' and '_' (IPv6 in brackets)") }
            guard host.utf8.count <= maximumHostBytes else { throw fail("a host name is at most \(maximumHostBytes) bytes") }
        }
        var port = tls ? 8883 : 1883
        if let portText {
            guard !portText.isEmpty, portText.utf8.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                  let value = Int(portText), (1...65_535).contains(value) else {
                throw fail("a port is a number from 1 to 65535")
            }
            port = value
        }
        return BrokerAddress(host: String(host), port: port, tls: tls)
    }
}

extension Character {
    /// `0` to `9` only (`isNumber` takes other scripts' digits too).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
