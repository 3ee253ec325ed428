import Testing
@testable import MarqueeCore

/// `--drift`: where a sign at rest stands at each step, as a pure function,
/// and the rest frame moved there (docs/display.md, "Drift").
@Suite("Rest drift")
struct RestDriftTests {
    typealias Room = RestDrift.Room
    typealias Offset = RestDrift.Offset

    static func offsets(_ room: Room, steps: Int = 9) -> [String] {
        (0..<steps).map { let o = RestDrift.offset(step: $0, room: room); return "\(o.dx),\(o.dy)" }
    }

    @Test("with room all round: right, down, left, up, and round again")
    func orbit() {
        #expect(Self.offsets(Room(left: 3, right: 2, top: 1, bottom: 1))
                == ["0,0", "1,0", "1,1", "0,1", "0,0", "1,0", "1,1", "0,1", "0,0"])
    }

    @Test("an axis with no room on its usual side moves the other way; with none at all it stays")
    func limitedByRoom() {
        #expect(Self.offsets(Room(left: 2, right: 0, top: 1, bottom: 1), steps: 4) == ["0,0", "-1,0", "-1,1", "0,1"])
        #expect(Self.offsets(Room(left: 1, right: 1, top: 2, bottom: 0), steps: 4) == ["0,0", "1,0", "1,-1", "0,-1"])
        #expect(Self.offsets(Room(left: 0, right: 0, top: 1, bottom: 1), steps: 4) == ["0,0", "0,0", "0,1", "0,1"])
        #expect(Self.offsets(Room(left: 0, right: 0, top: 0, bottom: 0), steps: 4) == ["0,0", "0,0", "0,0", "0,0"])
    }

    @Test("any step, negative or huge, is a place on the orbit, at most one LED from home",
          arguments: [Int.min, -5, -1, 0, 3, 1_000_003, Int.max])
    func anyStep(step: Int) {
        let offset = RestDrift.offset(step: step, room: Room(left: 1, right: 1, top: 1, bottom: 1))
        #expect((0...1).contains(offset.dx) && (0...1).contains(offset.dy))
    }

    static func geometry(_ columns: Int, _ rows: Int, _ style: LEDStyle = .dots) -> ScreenGeometry {
        ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: 7, hasCaption: false)
    }

    @Test("the rest layout's room is the dark LEDs around its block, at least the margin")
    func room() throws {
        let geometry = Self.geometry(80, 24)
        let rest = try #require(RestLayout(text: "BUILD OK", font: LEDFont.builtIn, panelColumns: geometry.panelColumns,
                                           panelRows: geometry.panelRows))
        let room = rest.room(panelColumns: geometry.panelColumns, panelRows: geometry.panelRows)
        #expect(room.left >= RestLayout.margin && room.right >= RestLayout.margin)
        #expect(room.top >= RestLayout.margin && room.bottom >= RestLayout.margin)
        let widest = rest.lines.map { $0.inkWidth * rest.scale }.max() ?? 0
        #expect(abs((room.left + room.right + widest) - geometry.panelColumns) <= 1, "\(room), widest \(widest)")
    }

    /// Lit LEDs of a monochrome dots frame, as (LED column, LED row).
    static func lit(_ frame: FrameModel, _ geometry: ScreenGeometry) -> Set<[Int]> {
        var spots: Set<[Int]> = []
        for row in 0..<geometry.panelRows {
            for column in 0..<frame.columns where frame[row, column].scalar == "●" { spots.insert([column / 2, row]) }
        }
        return spots
    }

    static func restFrame(_ text: String, step: Int, columns: Int = 80, rows: Int = 24) -> (Set<[Int]>, RestLayout) {
        let geometry = Self.geometry(columns, rows)
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        let rest = RestLayout(text: text, font: LEDFont.builtIn, panelColumns: geometry.panelColumns,
                              panelRows: geometry.panelRows)!
        let scene = MarqueeScene(geometry: geometry, style: .dots, monochrome: true, messageID: 0, plainText: TerminalLine(text),
                                 placement: .rest, driftStep: step)
        return (Self.lit(FrameComposer.compose(scene, layout: layout, rest: rest), geometry), rest)
    }

    @Test("each step's rest frame is the first one moved by its offset, LED for LED", arguments: ["OK", "BUILD OK", "ON AIR"])
    func framesMove(text: String) {
        let (home, rest) = Self.restFrame(text, step: 0)
        #expect(!home.isEmpty)
        let geometry = Self.geometry(80, 24)
        let room = rest.room(panelColumns: geometry.panelColumns, panelRows: geometry.panelRows)
        for step in 1...4 {
            let offset = RestDrift.offset(step: step, room: room)
            let (moved, _) = Self.restFrame(text, step: step)
            #expect(moved == Set(home.map { [$0[0] + offset.dx, $0[1] + offset.dy] }), "step \(step): \(offset)")
        }
    }

    @Test("a word cut at the margins stays cut the same way as it moves (the margin window moves with it)")
    func cutWord() {
        let text = "WWWWWWWWWWWWWWWWWWWW"
        let (home, rest) = Self.restFrame(text, step: 0, columns: 40, rows: 12)
        #expect(rest.cut)
        let (moved, _) = Self.restFrame(text, step: 1, columns: 40, rows: 12)
        let room = rest.room(panelColumns: Self.geometry(40, 12).panelColumns, panelRows: Self.geometry(40, 12).panelRows)
        let offset = RestDrift.offset(step: 1, room: room)
        #expect(moved.count == home.count)
        #expect(moved == Set(home.map { [$0[0] + offset.dx, $0[1] + offset.dy] }))
    }

    @Test("a scrolling scene carries no drift step, so a drift never breaks a scroll step")
    func scrollingScene() {
        var state = PlayerState(cues: [Cue(text: "A LONG MESSAGE THAT SCROLLS", seconds: 5)], settings: PlayerSettings(), at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.driftDue, at: 1)
        #expect(state.driftStep == 1)
        #expect(state.placementKind == .scrolling)
        #expect(state.scene(at: 1, columns: 80, rows: 24, lineHeight: 7).driftStep == 0)
        var resting = PlayerState(cues: [Cue(text: "OK", seconds: 5)], settings: { var s = PlayerSettings(); s.staticText = true; return s }(), at: 0)
        _ = resting.reduce(.start, at: 0)
        _ = resting.reduce(.driftDue, at: 1)
        #expect(resting.scene(at: 1, columns: 80, rows: 24, lineHeight: 7).driftStep == 1)
    }

    @Test("the drift timer runs while the scene is active with --drift, and its step is its key")
    func timerID() {
        var settings = PlayerSettings()
        settings.driftSeconds = 600
        var state = PlayerState(cues: [Cue(text: "OK", seconds: 5), Cue(text: "NO", seconds: 5)], settings: settings, at: 0)
        _ = state.reduce(.start, at: 0)
        #expect(state.driftTimerID == DriftTimerID(step: 0, seconds: 600))
        let waitStarted = state.waitStartedAt
        #expect(state.reduce(.driftDue, at: 3).isEmpty)
        #expect(state.driftTimerID == DriftTimerID(step: 1, seconds: 600))
        #expect(state.waitStartedAt == waitStarted, "a drift step does not restart the advance wait")
        _ = state.reduce(.scene(.background), at: 4)
        #expect(state.driftTimerID.seconds == nil)
        _ = state.reduce(.scene(.active), at: 5)
        _ = state.reduce(.power(PowerConditions(thermal: nil, lowPower: nil, thermalText: "unknown", powerText: "unknown",
                                                source: "test", display: .off)), at: 6)
        #expect(state.driftTimerID.seconds == nil, "no drift for a screen that is off")
        #expect(PlayerState(cues: [Cue(text: "OK")], settings: PlayerSettings(), at: 0).driftTimerID.seconds == nil)
    }
}
