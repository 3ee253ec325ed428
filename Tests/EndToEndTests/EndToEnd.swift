import Testing

/// Every end-to-end test lives under this one serialized suite: they measure
/// timing on a noisy 2-core machine, so they must not run in parallel with
/// each other (unit tests of the other targets still run alongside).
///
/// The real `ledmarquee` binary (`$LEDMARQUEE_BIN`, else `.build/debug/ledmarquee`)
/// runs in a private tmux server and is driven with keys, signals, resizes and
/// a fake sysfs tree; `--events` shows what it did and when. When all have
/// run, `.leavesNothingBehind` checks that no tmux server, socket, temp dir
/// or process of theirs is left.
@Suite("End to end", .serialized, .leavesNothingBehind)
struct EndToEnd {}
