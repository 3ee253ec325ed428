import CMosquitto
import Glibc

/// One libmosquitto client handle, as Swift: its calls, its callbacks as
/// one ``Event`` closure, and its codes as text. It does no I/O of its own
/// accord: the sign's ``FleetLink`` serves its socket from the event loop,
/// and `ledmarquee send --mqtt` drives it with `mosquitto_loop`
/// (docs/fleet.md).
///
/// libmosquitto holds no lock between calls that the sign needs: it is
/// used from one thread at a time (the blocking connect of a
/// ``BrokerConnector`` runs while the loop leaves the handle alone).
final class MosquittoClient: @unchecked Sendable {
    /// What libmosquitto reported from inside a read, write or misc call.
    enum Event: Sendable {
        /// The broker's CONNACK: 0 is accepted, else why it refused.
        case connected(code: Int32)
        case disconnected(code: Int32)
        case message(topic: String, payload: [UInt8], retained: Bool)
        /// A message larger than ``maximumPayloadBytes``, not copied.
        case oversized(topic: String, bytes: Int)
        /// A QoS 1 message was acknowledged (PUBACK).
        case published(messageID: Int32)
        /// SUBACK: the QoS granted to each topic, 128 (0x80) for a refusal.
        case subscribed(messageID: Int32, granted: [Int32])
    }

    /// The largest message copied out of libmosquitto: the largest a
    /// fleet takes (a deck, `FleetPayload.maximumDeckBytes`; a command
    /// is at most 64 KiB).
    static let maximumPayloadBytes = FleetPayload.maximumDeckBytes

    let handle: OpaquePointer
    /// Called for every event, on the thread that made the call.
    var onEvent: ((Event) -> Void)?

    /// Why no client can be made, or nil: libmosquitto is loaded on first
    /// use (``LazyLibrary``), then `mosquitto_lib_init` runs, once for the
    /// process (it sets up OpenSSL).
    static let unavailable: String? = LazyLibrary.mosquittoError
        ?? (mosquitto_lib_init() == Int32(MOSQ_ERR_SUCCESS.rawValue) ? nil : "libmosquitto: mosquitto_lib_init failed")

    static let success = Int32(MOSQ_ERR_SUCCESS.rawValue)

    /// A new client; nil when libmosquitto cannot make one (``unavailable``
    /// says why when it is not there; else no memory, an ID it refuses). A clean session: a sign that was away does not get
    /// the commands it missed replayed late (docs/fleet.md).
    init?(clientID: String) {
        guard Self.unavailable == nil, let handle = mosquitto_new(clientID, true, nil) else { return nil }
        self.handle = handle
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, object, code in
            MosquittoClient.from(object)?.onEvent?(.connected(code: code))
        }
        mosquitto_disconnect_callback_set(handle) { _, object, code in
            MosquittoClient.from(object)?.onEvent?(.disconnected(code: code))
        }
        mosquitto_publish_callback_set(handle) { _, object, messageID in
            MosquittoClient.from(object)?.onEvent?(.published(messageID: messageID))
        }
        mosquitto_subscribe_callback_set(handle) { _, object, messageID, count, granted in
            let codes = granted.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, count)))) } ?? []
            MosquittoClient.from(object)?.onEvent?(.subscribed(messageID: messageID, granted: codes))
        }
        mosquitto_message_callback_set(handle) { _, object, message in
            guard let client = MosquittoClient.from(object), let message = message?.pointee, let topic = message.topic else { return }
            let count = Int(max(0, message.payloadlen))
            // Refused before a copy is made: a 64 MB retained deck, copied
            // and then parsed, took the sign to 289 MB (issue 24).
            guard count <= MosquittoClient.maximumPayloadBytes else {
                client.onEvent?(.oversized(topic: String(cString: topic), bytes: count))
                return
            }
            let payload = count == 0 || message.payload == nil ? []
                : Array(UnsafeRawBufferPointer(start: message.payload, count: count))
            client.onEvent?(.message(topic: String(cString: topic), payload: payload, retained: message.retain))
        }
    }

    deinit {
        mosquitto_destroy(handle)
    }

    private static func from(_ object: UnsafeMutableRawPointer?) -> MosquittoClient? {
        object.map { Unmanaged<MosquittoClient>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The message the broker publishes for this client if it vanishes.
    func setWill(topic: String, payload: String, retain: Bool) -> Int32 {
        let bytes = Array(payload.utf8)
        return bytes.withUnsafeBytes { mosquitto_will_set(handle, topic, Int32($0.count), $0.baseAddress, 1, retain) }
    }

    func setCredentials(_ credentials: BrokerCredentials) -> Int32 {
        mosquitto_username_pw_set(handle, credentials.user, credentials.password)
    }

    /// TLS, verifying the broker against `caFile`, else the system's CAs;
    /// the host name in its certificate is checked too.
    func setTLS(caFile: String?) -> Int32 {
        if let caFile { return mosquitto_tls_set(handle, caFile, nil, nil, nil, nil) }
        return mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
    }

    /// The MQTT version of the next connect (MQTT 3.1.1 unless set).
    func setProtocol(_ version: BrokerProtocol) -> Int32 {
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, version.libraryValue)
    }

    /// Connects and sends CONNECT; blocks (name lookup, TCP connect), so
    /// the sign calls it on a ``BrokerConnector`` thread only. With
    /// `maximumPacketBytes` (MQTT 5 only) the CONNECT advertises it; the
    /// reconnects keep it. Without, it clears what an earlier connect
    /// advertised (an MQTT 3.1.1 CONNECT can carry none).
    func connect(host: String, port: Int, keepalive: Int, maximumPacketBytes: UInt32? = nil) -> Int32 {
        guard let maximumPacketBytes else { return mosquitto_connect(handle, host, Int32(port), Int32(keepalive)) }
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        let added = mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), maximumPacketBytes)
        guard added == Self.success else { return added }
        return mosquitto_connect_bind_v5(handle, host, Int32(port), Int32(keepalive), nil, properties)
    }

    /// Connects again to the same broker; blocks as `connect` does.
    func reconnect() -> Int32 { mosquitto_reconnect(handle) }

    /// Connects again to the broker of the last `connect`, with its
    /// CONNECT properties, without waiting: a non-blocking TCP connect, the
    /// CONNECT queued for when it completes. Only for a numeric host, whose
    /// lookup (`getaddrinfo`) needs no name service and so cannot wait.
    func reconnectAsync() -> Int32 { mosquitto_reconnect_async(handle) }

    /// The connection's descriptor, -1 when there is none.
    var socket: Int32 { mosquitto_socket(handle) }
    /// Whether libmosquitto has bytes to write (or TLS wants to write).
    var wantsWrite: Bool { mosquitto_want_write(handle) }

    func loopRead() -> Int32 { mosquitto_loop_read(handle, 1) }
    func loopWrite() -> Int32 { mosquitto_loop_write(handle, 1) }
    /// Keepalive pings and their timeout.
    func loopMisc() -> Int32 { mosquitto_loop_misc(handle) }

    func subscribe(_ topic: String) -> Int32 {
        mosquitto_subscribe(handle, nil, topic, 1)
    }

    /// Subscribes to every topic in one SUBSCRIBE, at QoS 1: one SUBACK,
    /// with this message ID, says the broker has them all. `noLocal`
    /// (MQTT 5 only): the broker sends none of this client's own messages
    /// back.
    func subscribe(_ topics: [String], noLocal: Bool = false) -> (code: Int32, messageID: Int32) {
        var messageID: Int32 = 0
        let strings = topics.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let options = noLocal ? Int32(MQTT_SUB_OPT_NO_LOCAL.rawValue) : 0
        let code = strings.withUnsafeBufferPointer { buffer in
            mosquitto_subscribe_multiple(handle, &messageID, Int32(buffer.count), buffer.baseAddress, 1, options, nil)
        }
        return (code, messageID)
    }

    /// Queues a QoS 1 message (and writes what the socket takes now);
    /// the message ID comes back in `.published`.
    func publish(topic: String, payload: [UInt8], retain: Bool) -> (code: Int32, messageID: Int32) {
        var messageID: Int32 = 0
        let code = payload.withUnsafeBytes {
            mosquitto_publish(handle, &messageID, topic, Int32($0.count), $0.baseAddress, 1, retain)
        }
        return (code, messageID)
    }

    func disconnect() { _ = mosquitto_disconnect(handle) }

    /// One blocking turn of libmosquitto's own loop, for `send --mqtt`
    /// (which is not the sign, so may wait) at most `milliseconds`.
    func loop(milliseconds: Int) -> Int32 { mosquitto_loop(handle, Int32(milliseconds), 1) }

    /// A libmosquitto code as text; `MOSQ_ERR_ERRNO` says the errno.
    static func describe(_ code: Int32, errno saved: Int32 = 0) -> String {
        if code == Int32(MOSQ_ERR_ERRNO.rawValue), saved != 0 { return String(cString: strerror(saved)) }
        return String(cString: mosquitto_strerror(code))
    }

    /// Why an MQTT 3.1.1 broker refused a CONNECT, as text.
    static func describeRefusal(_ code: Int32) -> String {
        String(cString: mosquitto_connack_string(code))
    }

    /// An MQTT 5 reason code (a CONNACK's refusal) as text.
    static func describeReason(_ code: Int32) -> String {
        String(cString: mosquitto_reason_string(code))
    }
}
