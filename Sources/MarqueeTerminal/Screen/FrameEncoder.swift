import MarqueeCore

/// Turns each frame into the bytes that make a terminal show it, after the
/// frame before: the difference (`FrameDiff`) painted by `FramePainter` in
/// the styles of the frame's LED colour and brightness. `Screen` writes
/// them to its terminal; `--export FILE.cast` records them, so a recording
/// holds the very bytes the sign would send (docs/export.md).
///
/// A class, like the screen it came out of: the painter's closure reads the
/// style cache while the painter writes, with no copy between.
public final class FrameEncoder {
    private let capabilities: TerminalCapabilities
    private var painter: FramePainter
    /// The inks' colours for the LED colour of the frame drawn last.
    private var colors: InkColors
    /// `--color`: the LED colour of a frame whose message has none of its own.
    private let signColor: LEDColor
    /// Where the painter writes a frame's bytes, kept from frame to frame.
    private var output = ByteBuffer()
    /// The frame the terminal shows; nil when unknown (drawn whole next).
    private var previous: FrameModel?
    /// Whether the next frame starts from a cleared screen.
    private var mustClear = true
    /// Style per (foreground, background) ink code in the current LED
    /// colour, filled on first use and emptied when the colour changes. An
    /// array, not a dictionary: it is read for every changed cell.
    @exclusivity(unchecked) private var styles = [TerminalStyle?](repeating: nil, count: Ink.codeCount * Ink.codeCount)

    /// The colours the terminal shows (the glyph choice follows it).
    public var colorDepth: ColorDepth { colors.depth }

    init(capabilities: TerminalCapabilities, depth: ColorDepth, color: LEDColor) {
        self.capabilities = capabilities
        painter = FramePainter(capabilities: capabilities)
        colors = InkColors(depth: depth, color: color)
        signColor = color
    }

    /// An encoder for the terminal type `term` (its terminfo entry, read
    /// with no terminal open) at `depth`; nil when the entry is unknown or
    /// cannot address the cursor.
    @MainActor
    public convenience init?(term: String, depth: ColorDepth, color: LEDColor) {
        guard let entry = try? TerminfoEntry.load(term) else { return nil }
        defer { entry.release() }
        guard let capabilities = TerminalCapabilities(entry) else { return nil }
        self.init(capabilities: capabilities, depth: depth, color: color)
    }

    /// Appends to `bytes` what turns the frame shown into `frame`; whether
    /// any cell changed.
    @discardableResult
    public func encode(_ frame: FrameModel, into bytes: inout [UInt8]) -> Bool {
        showColor(frame.ledColor ?? signColor, brightness: frame.ledBrightness)
        output.removeAll()
        let changed = paint(frame)
        bytes.append(contentsOf: output.bytes)
        // After the paint, whose copy of the frame shown (`before`, and the
        // diff's) is gone with it: `previous` is then held here alone and
        // follows the step in place. Held elsewhere still, following it
        // would copy the whole frame (192 KB at 300x80) every frame.
        remember(frame)
        return changed
    }

    /// Appends the bytes that turn the frame shown into `frame`.
    private func paint(_ frame: FrameModel) -> Bool {
        var before = previous
        if mustClear {
            mustClear = false
            // After a clear the terminal shows blanks: only the rest is drawn.
            before = painter.clear(into: &output) ? FrameEncoder.blank(like: frame) : nil
        }
        var diff = FrameDiff(from: before, to: frame, canShift: capabilities.canDeleteCharacters)
        if diff.shift > 0, !painter.canShift(by: diff.shift) {
            diff = FrameDiff(from: before, to: frame, canShift: false)
        }
        return painter.paint(diff, resolve: { self.style(of: $0) }, into: &output)
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    public func invalidate() {
        previous = nil
        mustClear = true
    }

    /// The terminal was written by someone else, or a write failed: the
    /// next move and style are written in full.
    public func forgetCursor() {
        painter.forget()
    }

    /// Keeps `frame` as what the terminal shows, in the encoder's own
    /// storage rather than shared with the caller, so the caller's next
    /// scroll step changes its frame in place (`FrameComposer.step`); a
    /// step of the frame kept is taken over as just what it changed
    /// (`FrameModel.follow`).
    private func remember(_ frame: FrameModel) {
        if previous == nil { previous = FrameModel(columns: 0, rows: 0) }
        previous!.follow(frame)
    }

    /// A frame of blanks the size and colour of `frame`: what a cleared
    /// screen shows.
    private static func blank(like frame: FrameModel) -> FrameModel {
        var blank = FrameModel(columns: frame.columns, rows: frame.rows)
        blank.ledColor = frame.ledColor
        blank.ledBrightness = frame.ledBrightness
        return blank
    }

    /// The style `cell` is written in, from its inks.
    private func style(of packed: PackedCell) -> TerminalStyle {
        let key = packed.inks
        if let known = styles[key] { return known }
        let cell = packed.cell
        let style = TerminalStyle(colors.resolve(foreground: cell.foreground, background: cell.background), on: capabilities)
        styles[key] = style
        return style
    }

    /// Makes `color` the LED colour inks resolve to. The diff draws a frame
    /// of another colour whole (`FrameDiff`), so every LED is written again
    /// in it. Quiet hours' dimming is one more such change (`brightness`).
    private func showColor(_ color: LEDColor, brightness: Double) {
        guard color != colors.color || brightness != colors.brightness else { return }
        colors = InkColors(depth: colors.depth, color: color, brightness: brightness)
        for index in styles.indices { styles[index] = nil }
    }
}
