/// What the fetcher keeps of a feed server's response headers: the
/// validators for the next conditional GET and how long the server asks
/// readers to wait (docs/feeds.md, "Fetching"). Fed one header line at a
/// time, as libcurl hands them over; a status line starts a new response,
/// since every redirect brings headers of its own and only the last
/// response's count.
struct FeedResponseHeaders: Equatable, Sendable {
    /// The `ETag`, sent back as `If-None-Match`.
    var etag: String?
    /// The `Last-Modified` date as written, sent back as `If-Modified-Since`.
    var lastModified: String?
    /// `Cache-Control: max-age` in seconds.
    var maxAgeSeconds: Int?

    /// A validator longer than this is not kept: it would only be sent
    /// back, and a server should not make the sign send kilobytes.
    static let maximumValueBytes = 1_024

    /// Takes one header line (with or without its CR LF).
    mutating func take(_ line: String) {
        if line.hasPrefix("HTTP/") {
            self = FeedResponseHeaders()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].strippingEnds(of: " \t\r\n")
        guard !value.isEmpty, value.utf8.count <= Self.maximumValueBytes,
              value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else { return }
        switch name {
        case "etag": etag = value
        case "last-modified": lastModified = value
        case "cache-control": maxAgeSeconds = Self.maxAge(value)
        default: break
        }
    }

    /// The `max-age` directive of a Cache-Control value (`no-cache` and
    /// `no-store` ask nothing of a reader that fetches at `every` anyway).
    static func maxAge(_ value: String) -> Int? {
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.strippingEnds(of: " \t\"") }
            guard parts.count == 2, parts[0].lowercased() == "max-age" else { continue }
            guard parts[1].utf8.count <= 9, let seconds = Int(parts[1]), seconds >= 0 else { return nil }
            return seconds
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func strippingEnds(of set: String) -> String {
        let characters = Set(set)
        let start = firstIndex { !characters.contains($0) } ?? endIndex
        let end = lastIndex { !characters.contains($0) }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}
