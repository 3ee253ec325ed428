/// The paging slice (docs/display.md, "Pages"): how many times the
/// message on the sign has turned its page at rest. A message too long to
/// stand whole shows its pages in turn, each for an equal share of its
/// seconds; the count belongs to one `messageID`, so a new message opens
/// on its first page.
public struct PageState: Sendable {
    /// The message the count belongs to.
    public private(set) var messageID = 0
    /// Pages turned since that message appeared.
    public private(set) var turns = 0

    init() {}

    /// Pages turned while `id` shows: 0 for a message that has turned none.
    public func turns(for id: Int) -> Int { id == messageID ? turns : 0 }

    /// The page timer fired while `id` shows: one page on.
    mutating func turn(for id: Int) {
        if id != messageID {
            messageID = id
            turns = 0
        }
        turns += 1
    }
}
