import Synchronization

/// A glyph source loaded the first time a glyph is asked of it, so the
/// Unifont fallback costs nothing (time or memory) for messages that never
/// need it.
public final class LazyGlyphSource: GlyphSource {
    private let state: Mutex<State>

    private enum State {
        case pending(@Sendable () -> (any GlyphSource)?)
        case loaded((any GlyphSource)?)
    }

    public init(load: @escaping @Sendable () -> (any GlyphSource)?) {
        state = Mutex(.pending(load))
    }

    /// The loaded source, loading it now if needed (`nil` if loading failed).
    public var source: (any GlyphSource)? {
        state.withLock { state in
            switch state {
            case .loaded(let source):
                return source
            case .pending(let load):
                let source = load()
                state = .loaded(source)
                return source
            }
        }
    }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        source?.glyph(for: scalar)
    }
}
