import CLazyLibraries

/// The libraries a sign loads when it first needs them, not at start-up
/// (CLazyLibraries; docs/architecture.md, "Libraries loaded on first use"):
/// libmosquitto for `--mqtt` and `send --mqtt`, libsystemd's sd-bus for the
/// power-profiles watch, expat and libcurl for news feeds. Each is loaded at most once for the process; what
/// is left is why it could not be, in one line that names the Debian
/// package, or nil once it is loaded and its functions may be called.
enum LazyLibrary {
    /// libmosquitto.so.1 (and the OpenSSL it links).
    static let mosquittoError: String? = load(lm_load_mosquitto)
    /// libsystemd.so.0.
    static let systemdError: String? = load(lm_load_systemd)
    /// libexpat.so.1, for news feeds.
    static let expatError: String? = load(lm_load_expat)
    /// libcurl.so.4 (and the OpenSSL it links), for fetching news feeds;
    /// `curl_global_init` runs once, when it is loaded.
    static let curlError: String? = load(lm_load_curl)
        ?? (lm_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK ? nil : "libcurl: curl_global_init failed")
    /// libpng16.so.16, libgif.so.7 and libwebp (with libwebpmux), for `--export`.
    static let pngError: String? = load(lm_load_png)
    static let gifError: String? = load(lm_load_gif)
    static let webpError: String? = load(lm_load_webp)

    /// Throws `error` (one of the above) as the program's failure.
    static func require(_ error: String?) throws(Platform.Failure) {
        if let error { throw Platform.Failure(message: error, status: 1) }
    }

    private static func load(_ loader: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        var message = [CChar](repeating: 0, count: 320)
        guard loader(&message, message.count) != 0 else { return nil }
        return String(cBuffer: message)
    }
}
