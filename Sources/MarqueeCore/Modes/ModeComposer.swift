/// Draws a scene whose mode draws through the mode path
/// (``MarqueeScene/mode``): the message's LEDs are read from the sign's own
/// painter (the rest layout, or the scroll under a transition) into a
/// ``ModeCanvas``, the mode makes the frame's canvas from it, and that is
/// painted by the same ``PanelPainter`` as every frame, so every style,
/// grid, colour depth and `--glow` draw a mode as they draw the sign.
/// The default scroll never comes here.
enum ModeComposer {
    /// Calls `body` with a painter of the mode's frame of `scene`; nil when
    /// the scene shows no LEDs (dark, plain text, a panel too small).
    static func withPainter<Result>(_ scene: MarqueeScene, mode: ModeScene, layout: TextLayout, rest: RestLayout?,
                                    _ body: (inout PanelPainter) -> Result) -> Result? {
        guard let source = canvas(of: scene, layout: layout, rest: rest) else { return nil }
        return paint(mode.apply(to: source), scene: scene, body)
    }

    /// The message's LEDs as the sign would draw `scene` without its mode.
    static func canvas(of scene: MarqueeScene, layout: TextLayout, rest: RestLayout?) -> ModeCanvas? {
        let geometry = scene.geometry
        let pitch = max(1, geometry.ledPitch)
        guard !scene.dark, geometry.panelColumns > 0 else { return nil }
        var canvas = ModeCanvas(columns: geometry.panelColumns / pitch, rows: geometry.panelRows / pitch)
        func read(_ painter: inout PanelPainter) {
            let colored = painter.drawsOwnColors
            for column in 0..<canvas.columns {
                if case let .led(_, hue) = painter.ink(lit: false, column: column * pitch) { canvas.hues[column] = hue }
                for row in 0..<canvas.rows where painter.isLit(column: column * pitch, row: row * pitch) {
                    canvas[column, row] = .lit
                    if colored, case .pixel(let color) = painter.ink(lit: true, column: column * pitch, row: row * pitch) {
                        canvas.setColor(color, column, row)
                    }
                }
            }
        }
        var plain = scene
        plain.mode = nil
        if case .scrolling = scene.placement, geometry.scale > 0 {
            FrameComposer.withScrollingPainter(plain, layout: layout, read)
        } else if scene.placement == .rest, let rest {
            FrameComposer.withRestPainter(plain, rest: rest, read)
        } else {
            return nil
        }
        return canvas
    }

    /// Calls `body` with a painter of `canvas` for `scene`'s panel: its lit
    /// LEDs as lit masks (64 panel rows a band), its glow steps as
    /// brightness steps, each panel unit reading its big LED.
    static func paint<Result>(_ canvas: ModeCanvas, scene: MarqueeScene, _ body: (inout PanelPainter) -> Result) -> Result {
        let geometry = scene.geometry
        let pitch = max(1, geometry.ledPitch)
        let columns = geometry.panelColumns, rows = geometry.panelRows
        let bands = max(1, (rows + 63) / 64)
        return PanelInputs.with(columns: columns, rows: rows, bands: bands) { inputs in
            for row in 0..<rows {
                inputs.rowOfLED[row] = row % 64
                if !inputs.rowBand.isEmpty { inputs.rowBand[row] = row / 64 }
            }
            let graded = canvas.shades.contains { $0 != LEDShade.unlit.rawValue && $0 != LEDShade.lit.rawValue }
            // Own colours (a markup span's, an emoji's) LED by LED, as the
            // canvas has them: where the mode moved them.
            var colors = canvas.colors.isEmpty ? nil : PanelColors(leds: columns * rows)
            return PanelLevels.with(slots: bands * columns, drawn: graded && PanelPainter.drawsLevels(scene)) { levels in
                for column in 0..<columns {
                    inputs.hues[column] = column / pitch < canvas.hues.count ? canvas.hues[column / pitch] : 0
                    for row in 0..<rows {
                        let shade = canvas[column / pitch, row / pitch]
                        guard shade != .unlit else { continue }
                        let slot = row / 64 * columns + column, bit = UInt64(1) << UInt64(row % 64)
                        if shade == .lit {
                            inputs.masks[slot] |= bit
                            colors?.leds[row * columns + column] = canvas.color(column / pitch, row / pitch)
                        } else if let levels {
                            // A glow step: bit 0 and bit 1 of the step.
                            if shade.rawValue & 1 != 0 { levels.low[slot] |= bit }
                            if shade.rawValue & 2 != 0 { levels.high[slot] |= bit }
                        }
                    }
                }
                var painter = PanelPainter(scene: scene, inputs: inputs, levels: levels, colors: colors)
                return body(&painter)
            }
        }
    }
}
