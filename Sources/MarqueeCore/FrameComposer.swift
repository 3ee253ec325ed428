/// Paints a scene into a frame: the LED panel in the chosen style, then the
/// caption, countdown bar, controls line and help overlay.
///
/// ```swift
/// let frame = FrameComposer.compose(scene, layout: layout)
/// print(frame.text)   // what --snapshot prints
/// ```
public enum FrameComposer {
    public static func compose(_ scene: MarqueeScene, layout: TextLayout) -> FrameModel {
        let geometry = scene.geometry
        var frame = FrameModel(columns: geometry.columns, rows: geometry.rows)
        if geometry.scale > 0 {
            paintPanel(scene, layout: layout, into: &frame)
        } else if geometry.ledAreaRows > 0 {
            paintPlainText(scene, into: &frame)
        }
        if let row = geometry.captionRow, let caption = scene.caption {
            frame.write(centred(caption, width: geometry.columns), row: row, column: 0, tone: .normal)
        }
        if let row = geometry.countdownRow, let countdown = scene.countdown {
            paintCountdown(countdown, repertoire: scene.glyphs.repertoire, row: row, into: &frame)
        }
        if let row = geometry.controlsRow, let controls = scene.controls {
            frame.write(controls, row: row, column: 0, tone: .dim)
        }
        if let rows = geometry.helpRows, let help = scene.help {
            for (offset, line) in help.prefix(rows.count).enumerated() {
                frame.write(line, row: rows.lowerBound + offset, column: 2, tone: .bright)
            }
        }
        return frame
    }

    /// The panel column where the text's first column stands.
    public static func textStart(_ scene: MarqueeScene, textWidth: Int) -> Int {
        let geometry = scene.geometry
        let scaledWidth = textWidth * geometry.scale
        switch scene.placement {
        case .centred:
            return max(0, (geometry.panelColumns - scaledWidth) / 2)
        case let .scrolling(offset, entry):
            // Moves left from its entry position, leaves at the left edge and
            // comes round again from the right once it has fully gone.
            let period = geometry.panelColumns + scaledWidth
            guard period > 0 else { return 0 }
            let entryStart = entry == .rightEdge ? geometry.panelColumns : max(0, (geometry.panelColumns - scaledWidth) / 2)
            let distance = geometry.panelColumns - entryStart + offset
            let phase = ((distance % period) + period) % period
            return geometry.panelColumns - phase
        }
    }

    private static func paintPanel(_ scene: MarqueeScene, layout: TextLayout, into frame: inout FrameModel) {
        let geometry = scene.geometry
        let scale = geometry.scale
        let start = textStart(scene, textWidth: layout.width)
        // Which font row each panel row shows (-1: outside the text band).
        let rowOfLED: [Int] = (0..<geometry.panelRows).map { led in
            let offset = led - geometry.textTop
            return offset >= 0 && offset < layout.inkRows.count * scale ? layout.inkRows.lowerBound + offset / scale : -1
        }
        // Lit mask and hue for each panel column, read once per frame; at
        // the unlit shade (a fade's first step) nothing is lit.
        let dark = scene.litShade == .unlit
        var masks = [UInt64](repeating: 0, count: geometry.panelColumns)
        var hues = [UInt8](repeating: 0, count: geometry.panelColumns)
        for column in 0..<geometry.panelColumns {
            let offset = column - start
            let textColumn = offset >= 0 ? offset / scale : (offset - scale + 1) / scale
            masks[column] = dark ? 0 : layout.column(at: textColumn)
            if let phase = scene.rainbowPhase {
                let slot = ((textColumn / 2 + phase) % MarqueeScene.rainbowHues + MarqueeScene.rainbowHues) % MarqueeScene.rainbowHues
                hues[column] = UInt8(slot)
            }
        }
        var painter = PanelPainter(scene: scene, masks: masks, hues: hues, rowOfLED: rowOfLED)
        painter.paint(into: &frame)
        frame.panelScroll = PanelScroll(rows: painter.frameRows, columns: painter.frameColumns, textStart: start,
                                        halfCellsPerLED: scene.style.halfCellsPerLED)
    }

    private static func paintPlainText(_ scene: MarqueeScene, into frame: inout FrameModel) {
        let geometry = scene.geometry
        let row = geometry.ledAreaTop + geometry.ledAreaRows / 2
        frame.write(centred(scene.plainText, width: geometry.columns), row: row, column: 0, tone: .bright)
    }

    private static func paintCountdown(_ countdown: MarqueeScene.Countdown, repertoire: GlyphRepertoire, row: Int,
                                       into frame: inout FrameModel) {
        // In the sign's colour; the unlit shade while frozen.
        let ink = Ink.led(countdown.frozen ? .unlit : .glow2, hue: 0)
        let eighths = min(max(0, countdown.filledEighths), frame.columns * 8)
        for column in 0..<(eighths / 8) {
            frame[row, column] = Cell("█", foreground: ink)
        }
        if eighths % 8 > 0 {
            frame[row, eighths / 8] = Cell(repertoire.partialBarCell(eighths: eighths % 8), foreground: ink)
        }
    }

    /// `text` padded on the left to sit in the middle of `width` cells, or
    /// unchanged when it is wider.
    static func centred(_ text: String, width: Int) -> String {
        let padding = max(0, (width - TerminalText.cellWidth(of: text)) / 2)
        return String(repeating: " ", count: padding) + text
    }
}
