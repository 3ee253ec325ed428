import CMosquitto

/// The MQTT version a sign speaks to its broker (docs/fleet.md, "MQTT 5,
/// else 3.1.1"): MQTT 5 first, for its maximum packet size, which makes the
/// broker drop a message larger than the sign takes instead of sending it;
/// MQTT 3.1.1 for the rest of the run once a broker has refused version 5.
enum BrokerProtocol: Equatable, Sendable {
    case v5, v311

    /// What the link speaks first.
    static let first = BrokerProtocol.v5

    /// The largest packet the sign takes, advertised in an MQTT 5 CONNECT:
    /// the largest message (`MosquittoClient.maximumPayloadBytes`, 1 MiB)
    /// and 1 KiB of room for the rest of a PUBLISH — its fixed header (at
    /// most 5 bytes), the topic (at most 2 + 202 bytes: a prefix of 128, a
    /// name of 64), the packet ID (2) and its properties. A message just
    /// over 1 MiB may still come within that room, and is then refused in
    /// libmosquitto's message callback, as from an MQTT 3.1.1 broker.
    static let maximumPacketBytes = UInt32(MosquittoClient.maximumPayloadBytes + 1024)

    /// libmosquitto's `MOSQ_OPT_PROTOCOL_VERSION` value.
    var libraryValue: Int32 {
        switch self {
        case .v5: MQTT_PROTOCOL_V5
        case .v311: MQTT_PROTOCOL_V311
        }
    }

    /// The version to try next after the broker refused a CONNECT of this
    /// one with CONNACK `code`, or nil when the refusal is not about the
    /// version (a password, say) or there is nothing older to try. An
    /// MQTT 3.1.1 broker answers a version-5 CONNECT with its own CONNACK
    /// 1, "unacceptable protocol version", which libmosquitto reports as
    /// MQTT 5's 132, "unsupported protocol version"; an MQTT 5 broker that
    /// will not take version 5 answers 132 itself. 1 is taken too, from a
    /// broker that answers in version 5's form with 3.1.1's code.
    func fallback(afterRefusal code: Int32) -> BrokerProtocol? {
        guard self == .v5 else { return nil }
        let unsupported = Int32(MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION.rawValue)
        let unacceptable = Int32(CONNACK_REFUSED_PROTOCOL_VERSION.rawValue)
        return code == unsupported || code == unacceptable ? .v311 : nil
    }

    /// The version to try next when the connection failed, under this
    /// one, before any CONNACK was heard, with libmosquitto's `code`: nil
    /// unless that is a protocol error. libmosquitto 2.0.11 (Debian 12)
    /// reports a 3.1.1 broker's refusal of version 5 as a CONNACK of 132
    /// (`fallback(afterRefusal:)`); 2.0.21 (Debian 13) ends the read with
    /// an error instead, the CONNACK unheard. A broker that is away or
    /// refuses the TCP connection is not this: it is tried again as it was.
    func fallback(afterReadError code: Int32) -> BrokerProtocol? {
        guard self == .v5 else { return nil }
        let protocolErrors = [MOSQ_ERR_PROTOCOL, MOSQ_ERR_MALFORMED_PACKET, MOSQ_ERR_UNKNOWN, MOSQ_ERR_NOT_SUPPORTED]
        return protocolErrors.contains(where: { Int32($0.rawValue) == code }) || code >= 128 ? .v311 : nil
    }

    /// A refusal's CONNACK code as text: MQTT 5's reason codes are not
    /// MQTT 3.1.1's return codes (135 is "Not authorized", 5 "not
    /// authorised").
    func describeRefusal(_ code: Int32) -> String {
        switch self {
        case .v5: MosquittoClient.describeReason(code)
        case .v311: MosquittoClient.describeRefusal(code)
        }
    }

    /// As the docs and the broker's log say it.
    var name: String {
        switch self {
        case .v5: "MQTT 5"
        case .v311: "MQTT 3.1.1"
        }
    }
}
