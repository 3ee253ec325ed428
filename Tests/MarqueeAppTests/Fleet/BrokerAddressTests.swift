import Testing
@testable import MarqueeApp

/// `--mqtt URL` (docs/fleet.md): what is taken, what is refused and why.
@Suite("Broker URLs")
struct BrokerAddressTests {
    @Test("names, IPv4 and IPv6 hosts, default and given ports, TLS")
    func accepted() throws {
        let cases: [(String, BrokerAddress)] = [
            ("mqtt://broker.local", BrokerAddress(host: "broker.local", port: 1883, tls: false)),
            ("MQTT://Broker:1884/", BrokerAddress(host: "Broker", port: 1884, tls: false)),
            ("mqtts://10.0.0.2", BrokerAddress(host: "10.0.0.2", port: 8883, tls: true)),
            ("mqtts://[::1]:9000", BrokerAddress(host: "::1", port: 9000, tls: true)),
            ("mqtt://[fe80::1]", BrokerAddress(host: "fe80::1", port: 1883, tls: false)),
            ("mqtt://a_b-c:65535", BrokerAddress(host: "a_b-c", port: 65_535, tls: false)),
        ]
        for (url, expected) in cases {
            let address = try BrokerAddress.parse(url)
            #expect(address == expected, "\(url)")
            #expect(try BrokerAddress.parse(address.description) == address, "\(url) prints back as itself")
        }
        #expect(try BrokerAddress.parse("mqtts://[::1]:9000").description == "mqtts://[::1]:9000")
    }

    @Test("hostile and mistaken URLs are refused with the reason", arguments: [
        ("broker:1883", "use mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"),
        ("http://broker", "use mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"),
        ("mqtt://", "no host"),
        ("mqtt://:1883", "no host"),
        ("mqtt://user:secret@broker", "no user or password in the URL (ps shows it)"),
        ("mqtt://broker/topic", "a broker URL has no path or query"),
        ("mqtt://broker?x=1", "a broker URL has no path or query"),
        ("mqtt://broker:0", "a port is a number from 1 to 65535"),
        ("mqtt://broker:65536", "a port is a number from 1 to 65535"),
        ("mqtt://broker:-1", "a port is a number from 1 to 65535"),
        ("mqtt://broker:１８８３", "a port is a number from 1 to 65535"),
        ("mqtt://broker:", "a port is a number from 1 to 65535"),
        ("mqtt://[::1", "an IPv6 address needs its closing ']'"),
        ("mqtt://[]:1883", "not an IPv6 address in brackets"),
        ("mqtt://[::1]x", "expected ':PORT' after ']'"),
        ("mqtt://bro ker", "a host is letters, digits"),
        ("mqtt://bro\u{1B}[2Jker", "a host is letters, digits"),
        ("mqtt://" + String(repeating: "a", count: 254), "a host name is at most 253 bytes"),
    ])
    func refused(url: String, reason: String) {
        #expect {
            try BrokerAddress.parse(url)
        } throws: { error in
            guard let failure = error as? BrokerAddress.Failure else { return false }
            return failure.message.contains(reason) && failure.message.hasPrefix("--mqtt '") && failure.message.count < 400
        }
    }
}
