import Glibc
import MarqueeCore

/// What `--mqtt` and its options resolve to before the sign starts
/// (docs/fleet.md): the sign's topics, its credentials, and the deck the
/// cache kept from the last run. Every mistake is found here, before the
/// terminal becomes the sign.
struct FleetSetup {
    let address: BrokerAddress
    let topics: FleetTopics
    let caFile: String?
    let credentials: BrokerCredentials?
    let cache: DeckCache?
    /// The payload and cues of the deck kept from the last run, if any.
    let cachedPayload: [UInt8]?
    let cachedDeck: CueFileParser.Result?
    /// `--feed-ca`: for the feeds of a fleet's deck (docs/feeds.md).
    var feedCA: String?
    /// The link's keepalive: `FleetLink.keepaliveSeconds`, or a test's
    /// shorter one from `LEDMARQUEE_TEST_MQTT_KEEPALIVE` (5…3600 s; anything
    /// else is ignored), so a silent broker is found in seconds, not 45 s.
    var keepalive = FleetLink.keepaliveSeconds

    /// Nil without `--mqtt`. Warnings (a password file others may read, a
    /// cached deck that cannot be read) are printed.
    static func prepare(_ options: Options, environment: [String: String]) throws(Platform.Failure) -> FleetSetup? {
        guard let address = options.mqtt else { return nil }
        let prefix = options.mqttTopic ?? FleetTopics.defaultPrefix
        let topics: FleetTopics
        do {
            topics = try FleetTopics(prefix: prefix, name: options.name ?? defaultName())
        } catch {
            throw Platform.Failure(message: error.message, status: 2)
        }
        var warnings: [String] = []
        let credentials: BrokerCredentials?
        do {
            credentials = try BrokerCredentials.resolve(passwordFile: options.mqttPasswordFile, environment: environment,
                                                        warnings: &warnings)
        } catch {
            throw Platform.Failure(message: error.message, status: 1)
        }
        let cache = DeckCache.location(prefix: prefix, environment: environment)
        var cachedPayload = cache?.load()
        var cachedDeck: CueFileParser.Result?
        if let payload = cachedPayload {
            switch FleetPayload.parse(payload, kind: .deck, topic: cache?.path ?? "cache", defaultSeconds: options.seconds) {
            case .success(.deck(let cues, let epoch, let notes, let zones)):
                cachedDeck = CueFileParser.Result(cues: cues, notes: notes, epoch: epoch, zones: zones)
            case .success(.feedDeck(let cues, let epoch, let notes, let feeds, let zones)):
                // The member plays its feeds (their copies on disk first).
                cachedDeck = CueFileParser.Result(cues: cues, notes: notes, epoch: epoch, feeds: feeds, zones: zones)
            case .success, .failure:
                warnings.append("\(cache?.path ?? "cache"): the kept fleet deck cannot be played; waiting for the broker's")
                cachedPayload = nil
            }
        }
        Program.warn(warnings)
        var setup = FleetSetup(address: address, topics: topics, caFile: options.mqttCA, credentials: credentials, cache: cache,
                               cachedPayload: cachedPayload, cachedDeck: cachedDeck)
        setup.feedCA = options.feedCA
        if let seconds = environment["LEDMARQUEE_TEST_MQTT_KEEPALIVE"].flatMap({ Int($0) }), (5...3600).contains(seconds) {
            setup.keepalive = seconds
        }
        return setup
    }

    /// The link and the member, made (not started) before the signals are
    /// blocked, so a bad CA file is said plainly.
    @MainActor
    func member(seconds: Double) throws(FleetLink.Failure) -> FleetMember {
        let link = try FleetLink(address: address, topics: topics, caFile: caFile, credentials: credentials, keepalive: keepalive)
        return FleetMember(link: link, cache: cache, playing: cachedPayload, defaultSeconds: seconds, feedCA: feedCA,
                           playingFeeds: cachedDeck.flatMap { $0.feeds.isEmpty ? nil : ($0.cues, $0.feeds, $0.epoch, $0.zones) })
    }

    /// The host's name, as a sign name allows it: each fleet sign is
    /// told apart without a `--name` of its own.
    static func defaultName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return ControlSocketPath.defaultName }
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let allowed = host.unicodeScalars.map { ControlSocketPath.isNameCharacter($0) ? Character($0) : "-" }
        let name = String(String(allowed).drop { $0 == "." }.prefix(ControlSocketPath.maximumNameLength))
        return name.isEmpty ? ControlSocketPath.defaultName : name
    }
}
