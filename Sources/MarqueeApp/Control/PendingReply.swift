/// A reply the sign gives later, on the loop (``ControlReply/pending(_:)``):
/// a snapshot, whose picture is made off the loop's thread
/// (``SnapshotTaker``). The connection asks for nothing more of the client
/// until it comes, as when a reply waits for the client to read
/// (docs/control.md, "Limits"). Used on the loop's thread only.
final class PendingReply: @unchecked Sendable {
    private var reply: ControlReply?
    private var onReply: ((ControlReply) -> Void)?

    init() {}

    /// The reply has come: handed on now, or when someone waits for it.
    func fulfil(_ reply: ControlReply) {
        guard self.reply == nil else { return }
        self.reply = reply
        if let onReply {
            self.onReply = nil
            onReply(reply)
        }
    }

    /// Calls `body` once with the reply: now, if it has come.
    func whenDone(_ body: @escaping (ControlReply) -> Void) {
        if let reply { return body(reply) }
        onReply = body
    }
}
