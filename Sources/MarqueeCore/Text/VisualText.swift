/// Text as written, turned into the order it is drawn in: what a sign (and a
/// terminal, which here does no bidi of its own: tmux, the Linux console)
/// needs to show Hebrew, Arabic and accented text the way a reader expects.
///
/// Three steps, once per message (never per frame):
/// 1. canonical composition (NFC), so `e` + U+0301 becomes `é`, which fonts
///    have far more often than the bare mark;
/// 2. GNU FriBidi: right-to-left runs reordered with an automatic base
///    direction, brackets mirrored, Arabic letters joined into their
///    presentation forms (U+FE70…U+FEFF, which GNU Unifont has);
/// 3. the bidi controls and ligature fillers, their work done, dropped.
///
/// Combining marks that did not compose stay after their base character, in
/// visual order too, for the layout to overlay.
///
/// ```swift
/// VisualText.displayString("ON AIR שלום 123")   // "ON AIR 123 םולש"
/// VisualText.scalars("e\u{301}")                  // ["é"]
/// ```
public enum VisualText {
    /// Scalars of a line that are prepared; the rest is cut. A sign showing
    /// a million characters would scroll for days, and the bound keeps
    /// FriBidi's C `int` indices safe and its cost finite on hostile input:
    /// at the bound, a line switching direction at every character took
    /// FriBidi about 0.25 s and 70 MB while it ran (release build, measured
    /// on this project's build machine); the cue file parser already cuts
    /// lines at 64 KiB, a sixteenth of that.
    public static let maximumScalars = 1 << 20

    /// The scalars of one logical line in visual order (left to right),
    /// composed, reordered and shaped; at most ``maximumScalars``.
    /// Inline markup's markers (``MarkupText``) are not drawn: they are
    /// removed first (``styledScalars(_:)`` keeps what they say).
    public static func scalars(_ logical: String) -> [Unicode.Scalar] {
        let line = cut(MarkupText.plain(logical))
        // ASCII has nothing to compose and no right-to-left character, so
        // FriBidi would hand it back unchanged: skip the copies.
        if line.utf8.allSatisfy({ $0 < 0x80 }) { return Array(line.unicodeScalars) }
        // Composition can lengthen a line slightly (a few scalars decompose
        // to two), hence the second cut.
        let logicalCodes = cut(composed(line)).unicodeScalars.map(\.value)
        let visualCodes = FriBidiLine.visual(logicalCodes) ?? logicalCodes
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(visualCodes.count)
        for code in visualCodes where code != FriBidiLine.ligatureFill {
            guard let scalar = Unicode.Scalar(code) else { continue }
            // The first bidi control is U+061C; skip the slow lookup below it.
            if code >= 0x61C, scalar.properties.isBidiControl { continue }
            result.append(scalar)
        }
        return result
    }

    /// ``scalars(_:)`` of a line with inline markup, each with the style
    /// of the span it was written in. Each span is composed on its own (a
    /// mark does not join a letter across a tag); the line is then
    /// reordered and shaped whole, and every scalar keeps its style
    /// through the reordering (FriBidi's map of positions).
    static func styledScalars(_ logical: String) -> (scalars: [Unicode.Scalar], styles: [MarkupStyle]) {
        var codes: [UInt32] = []
        var styles: [MarkupStyle] = []
        for run in MarkupText.runs(logical) {
            guard codes.count < maximumScalars else { break }
            let composed = run.text.utf8.allSatisfy { $0 < 0x80 } ? run.text : composed(run.text)
            codes.append(contentsOf: composed.unicodeScalars.prefix(maximumScalars - codes.count).map(\.value))
            styles.append(contentsOf: repeatElement(run.style, count: codes.count - styles.count))
        }
        var map: [Int32]? = []
        let visualCodes = codes.contains { $0 >= 0x80 } ? FriBidiLine.visual(codes, map: &map) ?? codes : codes
        let positions = map ?? []
        var result: [Unicode.Scalar] = []
        var resultStyles: [MarkupStyle] = []
        result.reserveCapacity(visualCodes.count)
        resultStyles.reserveCapacity(visualCodes.count)
        for (index, code) in visualCodes.enumerated() where code != FriBidiLine.ligatureFill {
            guard let scalar = Unicode.Scalar(code) else { continue }
            if code >= 0x61C, scalar.properties.isBidiControl { continue }
            result.append(scalar)
            let logicalIndex = index < positions.count ? Int(positions[index]) : index
            resultStyles.append(styles[min(max(0, logicalIndex), styles.count - 1)])
        }
        return (result, resultStyles)
    }

    /// One logical line as a string in display order, for plain terminal
    /// text (captions, the plain-text fallback): the terminal draws it as
    /// it comes, left to right, combining marks on the cell before them.
    /// Call it once per text and keep the result; it runs FriBidi.
    public static func displayString(_ logical: String) -> String {
        // ASCII within the bound is drawn as written: hand back the same
        // string, whose storage a cue then shares with its text rather
        // than keeping a second copy (issue 24).
        if logical.utf8.count <= maximumScalars, logical.utf8.allSatisfy({ $0 < 0x80 }) { return logical }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars(logical))
        return String(view)
    }

    /// NFC by the standard library's own normaliser, the one `String`
    /// comparison uses: `_nfcCodeUnits` is public though underscored, and
    /// Foundation, which names it, is not linked into this binary.
    private static func composed(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// The first ``maximumScalars`` scalars of `text`.
    private static func cut(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maximumScalars, limitedBy: scalars.endIndex),
              end != scalars.endIndex
        else { return text }
        return String(scalars[..<end])
    }
}
