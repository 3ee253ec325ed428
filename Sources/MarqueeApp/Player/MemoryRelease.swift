import Glibc

/// Hands the heap's free pages back to the system after the flow lost
/// cues (a `load`, a reload). glibc keeps freed memory for the process,
/// and freed messages leave free pages between the ones still used, which
/// it never returns by itself: 1,000 added messages of 60 KiB, then a
/// `load` of one, left the sign at 536 MB (issue 24). `malloc_trim` walks
/// the heap once and returns every whole free page.
enum MemoryRelease {
    /// glibc's `malloc_trim`, which Swift's Glibc module does not import
    /// (`<malloc.h>` is not in it); looked up once, nil on another libc.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    static func afterCuesDropped() {
        _ = trim?(0)
    }
}
