/// One feed the sign plays (docs/feeds.md, "Playing a feed"): from
/// `--feed URL`, or from a deck entry `{"feed": URL, "items": 5, "every":
/// "15m", "caption": "summary", "prefix": "NEWS: "}`. Validated when it is
/// made, so what plays is always within its bounds.
public struct FeedEntry: Equatable, Sendable {
    /// An `http://` or `https://` URL.
    public var url: String
    /// Items played, the feed's first ones (1 to ``FeedLimits/items``).
    public var items = FeedEntry.defaultItems
    /// The shortest wait between two fetches, in seconds.
    public var everySeconds = FeedEntry.defaultEverySeconds
    /// Whether an item's summary is its caption.
    public var captions = true
    /// Put before every title (`"NEWS: "`), "" for none.
    public var prefix = ""

    public static let defaultItems = 10
    public static let defaultEverySeconds = 900.0
    /// A feed is never fetched more often than every 10 s, nor set to
    /// wait more than a day.
    public static let shortestEverySeconds = 10.0
    public static let longestEverySeconds = 86_400.0
    static let maximumURLBytes = 2_048
    static let maximumPrefixCharacters = 64

    /// `url` checked; the reason it is refused, in one line, otherwise.
    init(url: String) throws(FeedError) {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw FeedError(description: "a feed's URL must start with http:// or https://")
        }
        guard url.utf8.count <= Self.maximumURLBytes else {
            throw FeedError(description: "a feed's URL is longer than \(Self.maximumURLBytes) bytes")
        }
        guard url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw FeedError(description: "a feed's URL must be printable ASCII without spaces (percent-encode the rest)")
        }
        self.url = url
    }

    /// `"15m"`, `"30s"`, `"2h"`, `"1d"` or a bare number of seconds, within
    /// 10 s and a day.
    static func every(_ text: String) throws(FeedError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        var digits = Substring(text)
        var unit = 1.0
        if let last = digits.last, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard digits.count <= 12, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(digits) else {
            throw FeedError(description: "\"every\" must be a duration such as \"15m\", \"30s\", \"2h\" or \"1d\"")
        }
        return try every(seconds: value * unit)
    }

    static func every(seconds: Double) throws(FeedError) -> Double {
        guard seconds.isFinite, seconds >= shortestEverySeconds, seconds <= longestEverySeconds else {
            throw FeedError(description: "\"every\" must be 10 s to 1 day")
        }
        return seconds
    }

    static func items(_ count: Double) throws(FeedError) -> Int {
        guard count.isFinite, count == count.rounded(), count >= 1, count <= Double(FeedLimits.items) else {
            throw FeedError(description: "\"items\" must be a whole number from 1 to \(FeedLimits.items)")
        }
        return Int(count)
    }

    static func prefix(_ text: String) throws(FeedError) -> String {
        guard text.count <= maximumPrefixCharacters else {
            throw FeedError(description: "\"prefix\" is longer than \(maximumPrefixCharacters) characters")
        }
        return text
    }
}
