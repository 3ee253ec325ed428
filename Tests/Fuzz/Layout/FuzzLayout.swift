@testable import MarqueeApp
import MarqueeCore

/// Layout and composition through the real path `--snapshot` and the
/// player use: `PlayerState` and its reducer, `MessageLayouts` (the one-line
/// `TextLayout`, the wrapped `RestLayout`, the measure), `FrameComposer`
/// and `FrameDiff`, with the built-in LED font and the system Unifont as
/// fallback, as the program loads them.
///
/// Input: a 9-byte header, then the messages (UTF-8, invalid bytes as
/// U+FFFD), one per NUL-separated piece, a 0x01 byte starting its caption.
///   0-1 columns (0...1000)   2-3 rows (0...300)   4 flags   5 scale
///   6 speed   7 time   8 keys pressed first
/// The first message's first byte also picks the display modes (mode,
/// enter, exit: docs/display.md, "Display modes").
let fonts: FontStack = {
    guard let fonts = try? FontLoader.stack(path: nil) else { broken("cannot load the fonts") }
    return fonts
}()
let speeds: [Double] = [24, 0, 1, 7.5, 60, 240, 960, 0.001]
let keys: [Key] = [.character("?"), .character("n"), .character("t"), .character("r"), .character(" "),
                   .character("b"), .character("m"), .character("+")]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count >= 9 else { return 0 }
    let columns = Int(UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 1001
    let rows = Int(UInt16(bytes[2]) << 8 | UInt16(bytes[3])) % 301
    let flags = bytes[4]
    var settings = PlayerSettings()
    settings.staticText = flags & 1 != 0
    settings.reduceMotion = flags & 4 != 0
    settings.monochrome = flags & 16 != 0
    settings.rainbow = flags & 32 != 0
    settings.style = LEDStyle.allCases[Int(flags >> 6) % LEDStyle.allCases.count]
    settings.scale = bytes[5] < 128 ? nil : Int(bytes[5] & 63) + 1
    settings.speed = speeds[Int(bytes[6]) % speeds.count] * (flags & 2 != 0 ? -1 : 1)
    settings.loop = flags & 8 == 0
    let t = Double(bytes[7]) * 0.37
    let modes = Int(bytes.count > 9 ? bytes[9] : 0)
    settings.mode = StayMode.allCases[modes % StayMode.allCases.count]
    settings.enter = Transition.allCases[modes / StayMode.allCases.count % Transition.allCases.count]
    settings.exit = Transition.allCases[(modes + 7) % Transition.allCases.count]

    var cues: [Cue] = []
    for piece in bytes[9...].split(separator: 0).prefix(8) {
        let parts = piece.split(separator: 1, maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: parts[0], as: UTF8.self)
        let caption = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : nil
        let cue = Cue(text: text, caption: caption)
        if !cue.text.allSatisfy({ $0 == " " }) { cues.append(cue) }
    }
    guard !cues.isEmpty else { return 0 }

    var layouts = MessageLayouts(fonts: fonts)
    var state = PlayerState(cues: cues, settings: settings, seed: 1, at: 0)
    _ = state.reduce(.measured(layouts.measure(state, columns: columns, rows: rows)), at: 0)
    for (bit, key) in keys.enumerated() where bytes[8] >> UInt8(bit) & 1 == 1 {
        _ = state.reduce(.key(key), at: 0)
        _ = state.reduce(.measured(layouts.measure(state, columns: columns, rows: rows)), at: 0)
    }

    let first = layouts.frame(state, at: t, columns: columns, rows: rows).frame()
    checkFrame(first, columns: columns, rows: rows)

    // --drift's steps (docs/display.md, "Drift"): every frame of the
    // requested size; at rest in dots or blocks (two cells an LED, so a
    // one-LED move is whole cells) the text only moves, so the lit cells
    // are as many as before.
    var drifting = state
    for step in 1...4 {
        _ = drifting.reduce(.driftDue, at: t)
        let moved = layouts.frame(drifting, at: t, columns: columns, rows: rows).frame()
        checkFrame(moved, columns: columns, rows: rows)
        // (A transition's or twinkle's random order follows the LEDs' places.)
        let plain = layouts.frame(drifting, at: t, columns: columns, rows: rows).scene.mode == nil
        if plain, drifting.placementKind == .rest, drifting.shownStyle == .dots || drifting.shownStyle == .blocks {
            require(litCells(moved) == litCells(first), "a drift step moves the lit LEDs, it neither adds nor drops any",
                    "step \(step), \(columns)x\(rows)")
        }
    }

    // One scroll step later, composed by shifting the kept frame (the
    // player's path) and from scratch: FrameComposer promises the same frame.
    var stepping = layouts
    _ = stepping.changedFrame(state, at: t, columns: columns, rows: rows, shown: nil)
    let later = t + 1.0 / max(1, abs(settings.speed))
    let stepped = stepping.changedFrame(state, at: later, columns: columns, rows: rows, shown: nil).frame
    let fresh = layouts.frame(state, at: later, columns: columns, rows: rows).frame()
    require(stepped == fresh, "a frame shifted from the last one equals the frame composed afresh",
            "\(columns)x\(rows) t=\(t)")
    checkFrame(fresh, columns: columns, rows: rows)

    // What the screen would write turns the old frame into the new one.
    for canShift in [true, false] {
        require(apply(FrameDiff(from: first, to: fresh, canShift: canShift), onto: first) == visibleCells(fresh),
                "applying the diff (canShift \(canShift)) gives the new frame")
    }
    require(apply(FrameDiff(from: nil, to: fresh, canShift: true), onto: FrameModel(columns: columns, rows: rows))
            == visibleCells(fresh), "a diff from nothing draws the whole frame")

    // --snapshot over the same input: one line per row. libFuzzer calls
    // from the main thread, where the engine's main actor runs.
    let snapshot = MainActor.assumeIsolated {
        Snapshot.render(cues: cues, settings: settings, fonts: fonts, columns: columns, rows: rows, at: t)
    }
    require(snapshot.hasSuffix("\n"), "a snapshot ends its last line")
    let lines = snapshot.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count
    require(lines == max(rows, 1), "a snapshot has a line per row", "\(lines) lines for \(rows) rows")
    return 0
}

/// Exactly the requested size, and nothing in any cell a terminal acts on.
func checkFrame(_ frame: FrameModel, columns: Int, rows: Int) {
    require(frame.columns == columns && frame.rows == rows, "a frame has the requested size",
            "\(frame.columns)x\(frame.rows) for \(columns)x\(rows)")
    let continuation = Cell.continuation.scalar
    for row in 0..<rows {
        for column in 0..<columns {
            let scalar = frame[row, column].scalar
            if scalar == continuation {
                require(column > 0, "a continuation cell follows a wide character", "row \(row)")
                continue
            }
            require(!isTerminalControl(scalar), "a cell holds a control character",
                    "U+\(String(scalar.value, radix: 16)) at \(row),\(column)")
        }
    }
}

/// The frame's cells with wide characters' continuation cells blanked out:
/// the diff never reports them (the terminal fills them itself).
func visibleCells(_ frame: FrameModel) -> [Cell] {
    frame.cells.map { $0 == .continuation ? .blank : $0 }
}

/// Plays a diff the way a terminal would: a row shift deletes cells at the
/// row's start (blanks come in at the right), then the reported cells.
func apply(_ diff: FrameDiff, onto old: FrameModel) -> [Cell] {
    let columns = diff.new.columns
    var cells = visibleCells(old.columns == columns && old.rows == diff.new.rows ? old : FrameModel(columns: columns, rows: diff.new.rows))
    diff.forEachRow(in: 0..<diff.new.rows) { row, shift in
        guard shift > 0 else { return }
        let start = row * columns
        let moved = Array(cells[(start + min(shift, columns))..<(start + columns)])
        cells.replaceSubrange(start..<(start + columns), with: moved + Array(repeating: .blank, count: columns - moved.count))
    } cell: { row, column, cell in
        cells[row * columns + column] = cell
    }
    // The terminal fills a wide character's second cell itself.
    for (index, cell) in diff.new.cells.enumerated() where cell == .continuation { cells[index] = .blank }
    return cells
}

/// Cells lit in any shade but unlit.
private func litCells(_ frame: FrameModel) -> Int {
    frame.cells.reduce(0) { count, cell in
        if case let .led(shade, _) = cell.foreground, shade != .unlit { return count + 1 }
        return count
    }
}
