import Testing
@testable import MarqueeApp

/// The fleet's topics (docs/fleet.md).
@Suite("Fleet topics")
struct FleetTopicsTests {
    @Test("a sign's topics, and what a message on each is")
    func topics() throws {
        let topics = try FleetTopics(prefix: "shop/floor-1", name: "window.2")
        #expect(topics.deck == "shop/floor-1/deck")
        #expect(topics.allCommands == "shop/floor-1/cmd")
        #expect(topics.ownCommands == "shop/floor-1/sign/window.2/cmd")
        #expect(topics.status == "shop/floor-1/sign/window.2/status")
        #expect(topics.reply == "shop/floor-1/sign/window.2/reply")
        #expect(topics.snapshot == "shop/floor-1/sign/window.2/snapshot")
        #expect(topics.kind(of: topics.snapshot) == nil, "the sign does not hear its own pictures")
        #expect(topics.subscriptions == [topics.deck, topics.allCommands, topics.ownCommands, topics.status])
        #expect(topics.kind(of: "shop/floor-1/deck") == .deck)
        #expect(topics.kind(of: "shop/floor-1/cmd") == .command(forAll: true))
        #expect(topics.kind(of: "shop/floor-1/sign/window.2/cmd") == .command(forAll: false))
        #expect(topics.kind(of: "shop/floor-1/sign/other/cmd") == nil)
        #expect(topics.kind(of: "shop/floor-1/sign/window.2/status") == .ownStatus)
        #expect(topics.kind(of: "shop/floor-1/sign/window.2/reply") == nil)
        #expect(topics.kind(of: "shop/floor-1/sign/other/status") == nil)
        #expect(FleetTopics.allStatus(prefix: "shop") == "shop/sign/+/status")
        #expect(FleetTopics.allReplies(prefix: "shop") == "shop/sign/+/reply")
        #expect(FleetTopics.signName(in: "shop/sign/a/reply", prefix: "shop", leaf: "reply") == "a")
        #expect(FleetTopics.signName(in: "shop/sign/a/status", prefix: "shop", leaf: "reply") == nil)
    }

    @Test("a status topic names its sign; anything else names none")
    func statusNames() {
        #expect(FleetTopics.signName(inStatusTopic: "p/sign/lobby/status", prefix: "p") == "lobby")
        #expect(FleetTopics.signName(inStatusTopic: "p/sign//status", prefix: "p") == nil)
        #expect(FleetTopics.signName(inStatusTopic: "p/sign/a/b/status", prefix: "p") == nil)
        #expect(FleetTopics.signName(inStatusTopic: "q/sign/lobby/status", prefix: "p") == nil)
        #expect(FleetTopics.signName(inStatusTopic: "p/sign/lobby/cmd", prefix: "p") == nil)
    }

    @Test("prefixes and names a broker would misread are refused", arguments: [
        ("", "lobby"), ("a//b", "lobby"), ("/a", "lobby"), ("a/", "lobby"), ("a/+", "lobby"), ("a/#", "lobby"),
        ("$SYS", "lobby"), ("a b", "lobby"), ("ä", "lobby"), (String(repeating: "a", count: 129), "lobby"),
        ("ok", "a/b"), ("ok", "+"), ("ok", "#"), ("ok", ""), ("ok", ".hidden"), ("ok", "a\u{1B}b"),
    ])
    func refused(prefix: String, name: String) {
        #expect(throws: FleetTopics.Failure.self) { try FleetTopics(prefix: prefix, name: name) }
    }
}
