import CLazyLibraries

/// One GET of a feed, as a libcurl easy handle set up to fetch like a good
/// citizen (docs/feeds.md, "Fetching"): a conditional GET with the last
/// copy's validators, `User-Agent: ledmarquee/VERSION`, any encoding
/// libcurl decodes (gzip, deflate), at most 5 redirects and only over
/// HTTP and HTTPS, certificates verified against the system's CAs or the
/// one given, proxies from the environment (libcurl's own reading of
/// `http_proxy`, `https_proxy`, `no_proxy`), and timeouts so that a server
/// that never answers, or answers a byte at a time, ends. The body is cut
/// at ``FeedLimits/documentBytes`` *decompressed*, in the write callback:
/// libcurl's own `MAXFILESIZE` sees only an announced length.
///
/// A ``FeedHTTP`` runs it; used on the loop's thread only.
final class FeedTransfer: @unchecked Sendable {
    /// How a fetch ended.
    enum Outcome: Equatable, Sendable {
        /// A 2xx answer: the whole body (decompressed) and its headers.
        case fetched(body: [UInt8], headers: FeedResponseHeaders)
        /// 304: the copy in hand is still the feed.
        case notModified(headers: FeedResponseHeaders)
        case failed(FeedError)
    }

    /// The waits that end a fetch that does not progress.
    struct Timeouts: Equatable, Sendable {
        /// For the TCP and TLS connection.
        var connectSeconds = 15
        /// A transfer slower than `lowSpeedBytes` a second for this long ends.
        var lowSpeedSeconds = 30
        var lowSpeedBytes = 64
        /// The whole fetch, redirects included.
        var totalSeconds = 120

        static let standard = Timeouts()
    }

    /// The validators of the copy in hand, sent as a conditional GET.
    struct Validators: Equatable, Sendable {
        var etag: String?
        var lastModified: String?
    }

    static let maximumRedirects = 5
    static let userAgent = "ledmarquee/\(Version.current)"

    let handle: UnsafeMutableRawPointer
    let url: String
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body: [UInt8] = []
    private var headers = FeedResponseHeaders()
    private var overCap = false
    /// libcurl's own message for the last failure (CURLOPT_ERRORBUFFER).
    /// Memory of its own: libcurl keeps the pointer for the transfer's life.
    private let errorBuffer: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        buffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        return buffer
    }()
    let onDone: @Sendable (Outcome) -> Void

    /// A transfer of `url`; nil with the reason when libcurl cannot make
    /// one or refuses an option. Call `LazyLibrary.curlError` first.
    init(url: String, validators: Validators, caFile: String?, timeouts: Timeouts,
         onDone: @escaping @Sendable (Outcome) -> Void) throws(FeedError) {
        guard let handle = lm_curl_easy_init() else { throw FeedError(description: "libcurl cannot start a transfer") }
        self.handle = handle
        self.url = url
        self.onDone = onDone
        var headerLines: [String] = []
        if let etag = validators.etag { headerLines.append("If-None-Match: \(etag)") }
        if let date = validators.lastModified { headerLines.append("If-Modified-Since: \(date)") }
        for line in headerLines { headerList = lm_curl_slist_append(headerList, line) }
        try configure(caFile: caFile, timeouts: timeouts)
    }

    deinit {
        lm_curl_easy_cleanup(handle)
        lm_curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(caFile: String?, timeouts: Timeouts) throws(FeedError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        var codes: [CURLcode] = [
            lm_curl_easy_setopt_string(handle, CURLOPT_URL, url),
            lm_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            lm_curl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            lm_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1),
            lm_curl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, Self.maximumRedirects),
            lm_curl_easy_setopt_string(handle, CURLOPT_USERAGENT, Self.userAgent),
            // "": every encoding this libcurl decodes; the body comes decoded.
            lm_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            // 4xx and 5xx end the transfer as failures, their bodies unread.
            lm_curl_easy_setopt_long(handle, CURLOPT_FAILONERROR, 1),
            // No signals: the threaded resolver needs no SIGALRM, and the
            // player's signals stay with the player.
            lm_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            lm_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, timeouts.connectSeconds),
            lm_curl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, timeouts.lowSpeedSeconds),
            lm_curl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, timeouts.lowSpeedBytes),
            lm_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT, timeouts.totalSeconds),
            // An announced length over the cap ends the fetch before its body.
            lm_curl_easy_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(FeedLimits.documentBytes)),
            lm_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList)),
            lm_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            lm_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, me),
            lm_curl_easy_setopt_write(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                FeedTransfer.from(context).received(data, size * count)
            },
            lm_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me),
            lm_curl_easy_setopt_write(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                FeedTransfer.from(context).header(data, size * count)
            },
            lm_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me),
        ]
        if let caFile { codes.append(lm_curl_easy_setopt_string(handle, CURLOPT_CAINFO, caFile)) }
        if let bad = codes.first(where: { $0 != CURLE_OK }) {
            throw FeedError(description: "libcurl refused an option: \(Self.describe(bad))")
        }
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> FeedTransfer {
        Unmanaged<FeedTransfer>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Takes a piece of the (decoded) body; a piece that would take it over
    /// the cap ends the transfer (a count other than `count` is libcurl's
    /// signal to abort).
    private func received(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        guard body.count + count <= FeedLimits.documentBytes else {
            overCap = true
            return 0
        }
        body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
        return count
    }

    private func header(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        headers.take(String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self))
        return count
    }

    /// Called by ``FeedHTTP`` when libcurl says the transfer is done.
    func finish(_ code: CURLcode) {
        onDone(outcome(code))
    }

    private func outcome(_ code: CURLcode) -> Outcome {
        if overCap || code == CURLE_FILESIZE_EXCEEDED {
            return .failed(FeedError(description: "the feed is over \(FeedLimits.documentBytes >> 20) MiB"))
        }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failed(FeedError(description: detail.isEmpty ? Self.describe(code) : detail, reason: "libcurl \(code.rawValue)"))
        }
        var status = 0
        _ = lm_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        switch status {
        case 304: return .notModified(headers: headers)
        case 200..<300: return .fetched(body: body, headers: headers)
        default: return .failed(FeedError(description: "the server answered HTTP \(status)"))
        }
    }

    static func describe(_ code: CURLcode) -> String {
        lm_curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }
}
