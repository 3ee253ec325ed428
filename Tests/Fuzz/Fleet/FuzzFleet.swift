@testable import MarqueeApp
import MarqueeCore

/// What a fleet sign reads from its broker and its options (docs/fleet.md).
/// The first byte picks the parser: 0 a deck on `PREFIX/deck`, 1 a
/// command on `PREFIX/cmd`, 2 a broker URL, 3 a topic prefix and the topic
/// a message came on, 4 a password file. Each result is checked: a deck or
/// command reaches the sign with no `{file:}` field, never `watch` or a
/// `load` of a path; an error is one bounded line with nothing a terminal
/// acts on; an address prints back as itself; topics round-trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch selector % 5 {
    case 0: checkPayload(rest, kind: .deck)
    case 1: checkPayload(rest, kind: .command(forAll: true))
    case 2: checkAddress(String(decoding: rest, as: UTF8.self))
    case 3: checkTopics(rest)
    default: checkCredentials(rest)
    }
    return 0
}

func checkPayload(_ payload: [UInt8], kind: FleetTopics.Kind) {
    let result = FleetPayload.parse(payload, kind: kind, topic: "fuzz/deck", defaultSeconds: 5)
    require(FleetPayload.parse(payload, kind: kind, topic: "fuzz/deck", defaultSeconds: 5) == result, "parsing is deterministic")
    switch result {
    case .failure(let failure):
        checkLine(failure.message)
    case .success(.deck(let cues, _, let notes, let zones)):
        require(kind == .deck && !cues.isEmpty, "a deck has messages")
        cues.forEach(checkNoFileField)
        zones?.forEach(checkNoFileField)
        notes.forEach(checkLine)
    case .success(.feedDeck(let cues, _, let notes, let feeds, let zones)):
        require(kind == .deck && !feeds.isEmpty, "a deck with feeds has feeds")
        cues.forEach(checkNoFileField)
        zones?.forEach(checkNoFileField)
        notes.forEach(checkLine)
    case .success(.deckCleared):
        require(kind == .deck && payload.isEmpty, "only an empty deck payload clears")
    case .success(.command(let request, _)):
        require(kind != .deck, "a command comes on a cmd topic")
        switch request.action {
        case .watch, .loadFile: broken("watch and load of a path are refused from the broker", request.command)
        case .remote(.say(let say), _): checkNoFileField(say.cue)
        case .remote(.add(let cues), _): cues.forEach(checkNoFileField)
        case .remote(.load(let cues, _, let zones), _):
            cues.forEach(checkNoFileField)
            zones?.forEach(checkNoFileField)
        default: break
        }
    }
}

/// A zone's texts as a cue's: drawn as cues are (`ZoneBoard`).
func checkNoFileField(_ zone: SignZone) {
    zone.texts.forEach { checkNoFileField(Cue(text: $0)) }
}

func checkNoFileField(_ cue: Cue) {
    for field in cue.fields?.all ?? [] {
        if case .file = field { broken("no {file:} field comes from the broker", cue.text) }
    }
}

/// An error or note: one line, bounded, nothing a terminal acts on once
/// shown as the sign shows it.
func checkLine(_ message: String) {
    require(!message.contains("\n"), "one line", message)
    require(!TerminalText.visible(message).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "shown safely", message)
}

func checkAddress(_ url: String) {
    do {
        let address = try BrokerAddress.parse(url)
        require((1...65_535).contains(address.port), "a port is in range", "\(address.port)")
        require(!address.host.isEmpty && !address.host.contains("@") && !address.host.contains("/"), "a host is a host", address.host)
        require((try? BrokerAddress.parse(address.description)) == address, "an address prints back as itself", address.description)
    } catch {
        checkLine(error.message)
        require(error.message.count < 400, "an error quotes a bounded part of the URL", "\(error.message.count)")
    }
}

func checkTopics(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let prefix = parts[0], name = parts.count > 1 ? parts[1] : "sign", topic = parts.count > 2 ? parts[2] : ""
    guard let topics = try? FleetTopics(prefix: prefix, name: name) else { return }
    for subscription in topics.subscriptions {
        require(!subscription.contains("+") && !subscription.contains("#"), "a sign's topics hold no wildcard", subscription)
        require(topics.kind(of: subscription) != nil, "each subscription is understood", subscription)
    }
    require(FleetTopics.signName(inStatusTopic: topics.status, prefix: prefix) == name, "a status topic names its sign", topics.status)
    if let kind = topics.kind(of: topic) {
        require(topics.subscriptions.contains(topic), "only a subscribed topic has a kind", "\(kind) \(topic)")
    }
    if let named = FleetTopics.signName(inStatusTopic: topic, prefix: prefix) {
        require(!named.isEmpty && !named.contains("/"), "a sign name is one level", named)
    }
}

func checkCredentials(_ bytes: [UInt8]) {
    do {
        let credentials = try BrokerCredentials.parse(bytes, file: "fuzz", environmentUser: bytes.count % 2 == 0 ? "env" : nil)
        require(!credentials.user.isEmpty && !credentials.user.contains(":") || credentials.user == "env", "a user has no ':'", credentials.user)
        require(!credentials.user.contains("\n") && !(credentials.password ?? "").contains("\n"), "credentials are one line")
    } catch {
        checkLine(error.message)
    }
}
