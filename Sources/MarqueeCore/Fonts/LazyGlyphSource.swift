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

    /// A source not loaded yet has drawn no glyph to kern: it is not
    /// loaded for this.
    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
        loaded?.kerning(left, right) ?? 0
    }

    /// Not loaded yet, it kerns nothing: the question does not load it
    /// (a layout asks before its glyphs), which only a kerned font loaded
    /// lazily would notice; the Unifont fallback has no kerning.
    public var hasKerning: Bool { loaded?.hasKerning ?? false }

    private var loaded: (any GlyphSource)? {
        state.withLock { state in
            if case .loaded(let source) = state { source } else { nil }
        }
    }
}
