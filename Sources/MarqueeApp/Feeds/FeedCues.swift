import MarqueeCore

/// A feed's items as the cues of a flow: the title (after the entry's
/// prefix) is the message, the summary the caption unless the entry says
/// `"caption": "none"`. The text is plain already (``FeedText``); `Cue`
/// sanitizes it again as it does every message.
///
/// A title or summary is a stranger's text: its braces are written `{{`,
/// so it shows as typed and never becomes a live field (a `{file:…}`
/// would read the sign's files onto the sign) or inline markup. The
/// entry's `prefix` is the deck's own and keeps both.
enum FeedCues {
    static func cues(_ document: FeedDocument, entry: FeedEntry, seconds: Double) -> [Cue] {
        document.items.prefix(entry.items).map { item in
            let caption = entry.captions && !item.summary.isEmpty ? literal(item.summary) : nil
            return Cue(text: entry.prefix + literal(item.title), caption: caption, seconds: seconds)
        }
    }

    /// `text` as a message shows it literally: each `{` written `{{`.
    static func literal(_ text: String) -> String { text.replacing("{", with: "{{") }

    /// How long ago `fetched` (Unix seconds) was, said shortly: `40 s`,
    /// `12 min`, `3 h`, `2 days`.
    static func age(since fetched: Int, now: Int) -> String {
        let seconds = max(0, now - fetched)
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3_600: return "\(seconds / 60) min"
        case ..<172_800: return "\(seconds / 3_600) h"
        default: return "\(seconds / 86_400) days"
        }
    }
}
