import CLazyLibraries
import EventLoop

/// libcurl's multi interface driven by the event loop (docs/feeds.md,
/// "Fetching"): libcurl says which sockets it wants watched and for what
/// (`CURLMOPT_SOCKETFUNCTION`) and when it next needs a call
/// (`CURLMOPT_TIMERFUNCTION`); the loop watches those descriptors and sets
/// that timer, and each readiness or timeout is one
/// `curl_multi_socket_action`. No thread of ours and no blocking call: a
/// slow or dead server costs the sign a watched descriptor. libcurl's
/// threaded resolver starts one short-lived thread per name lookup (none
/// for a numeric address) and tells us through a descriptor of its own;
/// it starts with every signal blocked (``FeedSignals``).
///
/// Used on the loop's thread only (every callback of libcurl comes from
/// inside a call made here).
final class FeedHTTP: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private let loop: EventLoop
    private var watches: [Int32: FDWatch] = [:]
    private var timer: LoopTimer?
    private var transfers: [UnsafeMutableRawPointer: FeedTransfer] = [:]

    /// The multi handle on `loop`; throws why when libcurl cannot be
    /// loaded (``LazyLibrary/curlError``) or make one.
    init(loop: EventLoop = .main) throws(FeedError) {
        if let error = LazyLibrary.curlError { throw FeedError(description: error) }
        guard let multi = lm_curl_multi_init() else { throw FeedError(description: "libcurl cannot start (out of memory)") }
        self.multi = multi
        self.loop = loop
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = lm_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, me)
        _ = lm_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, me)
        _ = lm_curl_multi_setopt_socket(multi) { _, socket, what, context, _ in
            Unmanaged<FeedHTTP>.fromOpaque(context!).takeUnretainedValue().watch(socket, what)
            return 0
        }
        _ = lm_curl_multi_setopt_timer(multi) { _, milliseconds, context in
            Unmanaged<FeedHTTP>.fromOpaque(context!).takeUnretainedValue().arm(milliseconds)
            return 0
        }
    }

    deinit {
        for transfer in transfers.values { _ = lm_curl_multi_remove_handle(multi, transfer.handle) }
        watches.values.forEach(loop.unwatch)
        if let timer { loop.cancel(timer) }
        _ = lm_curl_multi_cleanup(multi)
    }

    /// Transfers under way (tests use it to see nothing is left).
    var activeCount: Int { transfers.count }
    /// Descriptors libcurl has asked to be watched.
    var watchedCount: Int { watches.count }

    /// Starts `transfer`; its `onDone` is called once, from a later loop turn.
    func start(_ transfer: FeedTransfer) {
        transfers[transfer.handle] = transfer
        let code = FeedSignals.withAllBlocked { lm_curl_multi_add_handle(multi, transfer.handle) }
        guard code == CURLM_OK else {
            transfers[transfer.handle] = nil
            let reason = lm_curl_multi_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
            loop.schedule(at: .now) { transfer.onDone(.failed(FeedError(description: "libcurl: \(reason)"))) }
            return
        }
    }

    /// Abandons `transfer` unfinished: its `onDone` is never called.
    func cancel(_ transfer: FeedTransfer) {
        guard transfers.removeValue(forKey: transfer.handle) != nil else { return }
        _ = lm_curl_multi_remove_handle(multi, transfer.handle)
    }

    /// libcurl's wish for `socket`: watched for reading, writing or both,
    /// or no longer.
    private func watch(_ socket: curl_socket_t, _ what: Int32) {
        if let old = watches.removeValue(forKey: socket) { loop.unwatch(old) }
        guard what != CURL_POLL_REMOVE else { return }
        var interest: FDEvents = []
        if what & CURL_POLL_IN != 0 { interest.insert(.readable) }
        if what & CURL_POLL_OUT != 0 { interest.insert(.writable) }
        watches[socket] = loop.watch(fd: socket, interest: interest) { [weak self] events in
            var mask: Int32 = 0
            if !events.intersection([.readable, .hangUp]).isEmpty { mask |= CURL_CSELECT_IN }
            if events.contains(.writable) { mask |= CURL_CSELECT_OUT }
            if events.contains(.error) { mask |= CURL_CSELECT_ERR }
            self?.act(socket, mask)
        }
    }

    /// libcurl's next timeout: -1 none, else in `milliseconds` (0: at
    /// once, which is the next loop turn: libcurl must not be called from
    /// inside its own callback).
    private func arm(_ milliseconds: Int) {
        if let timer { loop.cancel(timer) }
        timer = nil
        guard milliseconds >= 0 else { return }
        timer = loop.schedule(at: .now + .milliseconds(Int64(milliseconds))) { [weak self] in
            self?.timer = nil
            self?.act(CURL_SOCKET_TIMEOUT, 0)
        }
    }

    private func act(_ socket: curl_socket_t, _ mask: Int32) {
        var running: Int32 = 0
        // A name lookup starts a resolver thread from in here.
        _ = FeedSignals.withAllBlocked { lm_curl_multi_socket_action(multi, socket, mask, &running) }
        collect()
    }

    /// Hands each finished transfer its outcome.
    private func collect() {
        var queued: Int32 = 0
        while let message = lm_curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = lm_curl_message_result(message)
            _ = lm_curl_multi_remove_handle(multi, handle)
            guard let transfer = transfers.removeValue(forKey: handle) else { continue }
            transfer.finish(code)
        }
    }
}
