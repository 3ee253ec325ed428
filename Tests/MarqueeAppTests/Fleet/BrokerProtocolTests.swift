import Testing
@testable import MarqueeApp

/// Which MQTT version the fleet link speaks (docs/fleet.md, "MQTT 5, else
/// 3.1.1"): when it falls back, and the packet size it advertises.
@Suite("Broker protocol")
struct BrokerProtocolTests {
    @Test("MQTT 5 first, as libmosquitto's version numbers")
    func first() {
        #expect(BrokerProtocol.first == .v5)
        #expect(BrokerProtocol.v5.libraryValue == 5)
        #expect(BrokerProtocol.v311.libraryValue == 4)
    }

    @Test("a refusal of the version falls back to 3.1.1: 132 (libmosquitto's word for a 3.1.1 broker's CONNACK 1) or 1",
          arguments: [Int32(132), 1])
    func versionRefused(code: Int32) {
        #expect(BrokerProtocol.v5.fallback(afterRefusal: code) == .v311)
    }

    @Test("any other refusal is no reason to change version, and 3.1.1 has nothing older to try",
          arguments: [Int32(0), 2, 5, 128, 134, 135, 136, 137, 159])
    func otherRefusals(code: Int32) {
        #expect(BrokerProtocol.v5.fallback(afterRefusal: code) == nil)
        #expect(BrokerProtocol.v311.fallback(afterRefusal: code) == nil)
    }

    @Test("3.1.1 refused for its version stays 3.1.1 (no loop between versions)")
    func noLoop() {
        #expect(BrokerProtocol.v311.fallback(afterRefusal: 1) == nil)
        #expect(BrokerProtocol.v311.fallback(afterRefusal: 132) == nil)
    }

    @Test("a read that fails with a protocol error before any CONNACK falls back (libmosquitto 2.0.21, Debian 13); a lost or refused connection does not",
          arguments: [(Int32(2), true), (21, true), (13, true), (10, true), (132, true), (7, false), (14, false), (4, false), (8, false), (27, false)])
    func readErrors(code: Int32, fallsBack: Bool) {
        #expect((BrokerProtocol.v5.fallback(afterReadError: code) == .v311) == fallsBack)
        #expect(BrokerProtocol.v311.fallback(afterReadError: code) == nil)
    }

    /// The size of an MQTT 5 PUBLISH at QoS 1 with no properties, as the
    /// broker counts it against the maximum packet size (the whole packet).
    static func publishPacketBytes(topic: Int, payload: Int) -> Int {
        let remaining = 2 + topic + 2 + 1 + payload
        let lengthBytes = remaining < 128 ? 1 : remaining < 16_384 ? 2 : remaining < 2_097_152 ? 3 : 4
        return 1 + lengthBytes + remaining
    }

    @Test("the advertised maximum packet size takes the largest message on the longest topic, and not much more")
    func maximumPacketSize() throws {
        let prefix = String(repeating: "p", count: FleetTopics.maximumPrefixBytes)
        let name = String(repeating: "n", count: ControlSocketPath.maximumNameLength)
        let topics = try FleetTopics(prefix: prefix, name: name)
        let longest = try #require(topics.subscriptions.map(\.utf8.count).max())
        let largest = Self.publishPacketBytes(topic: longest, payload: MosquittoClient.maximumPayloadBytes)
        #expect(largest <= Int(BrokerProtocol.maximumPacketBytes), "a 1 MiB deck on \(longest) bytes of topic is \(largest) bytes")
        #expect(Int(BrokerProtocol.maximumPacketBytes) == 1_048_576 + 1024)
        // Twice the message cap is dropped by the broker, never sent.
        let twice = Self.publishPacketBytes(topic: "ledmarquee/deck".utf8.count, payload: 2 * MosquittoClient.maximumPayloadBytes)
        #expect(twice > Int(BrokerProtocol.maximumPacketBytes))
    }
}
