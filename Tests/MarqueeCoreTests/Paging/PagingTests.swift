import Testing
@testable import MarqueeCore

/// At rest, a message that does not fit whole as LEDs is paged at words,
/// each page an equal share of its seconds, with `2/3` in the countdown
/// row; plain text only where no LED size fits, and in the LEDs' colour
/// (issue 26, item 3).
@Suite("Pages at rest")
struct PagingTests {
    static let coffee = "Back in 5 minutes, grab a coffee"

    @Test("80x24's panel pages the message at words, at one scale, every page within the panel")
    func pagesAtWords() {
        let pages = RestLayout.pages(text: Self.coffee, font: LEDFont.builtIn, panelColumns: 40, panelRows: 22)
        #expect(pages.count == 3)
        #expect(pages.flatMap { $0.lines.map(\.text) }.joined(separator: " ") == Self.coffee)
        #expect(Set(pages.map(\.scale)) == [1])
        for page in pages {
            let last = page.lines[page.lines.count - 1]
            #expect(page.lines[0].top >= RestLayout.margin)
            #expect(last.top + page.inkRows.count * page.scale <= 22 - RestLayout.margin)
        }
        // One that fits whole is one page, as before; no LED size at all: none.
        #expect(RestLayout.pages(text: "BUILD OK", font: LEDFont.builtIn, panelColumns: 40, panelRows: 22).count == 1)
        #expect(RestLayout.pages(text: Self.coffee, font: LEDFont.builtIn, panelColumns: 1, panelRows: 1).isEmpty)
    }

    @Test("the fewest pages, each at the largest scale at which it fits whole")
    func largestScale() throws {
        let text = "ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN GO HEY"
        let whole = TextLayout(text: text, font: LEDFont.builtIn)
        let pages = RestLayout.pages(text: text, font: LEDFont.builtIn, panelColumns: 80, panelRows: 20)
        // Scale 1 holds 13 letters a line and two lines a page.
        #expect(pages.count == 3)
        for page in pages {
            let pageText = page.lines.map(\.text).joined(separator: " ")
            let larger = try #require(RestLayout(text: pageText, font: LEDFont.builtIn, panelColumns: 80, panelRows: 20,
                                                 maximumScale: page.scale + 1, whole: whole))
            #expect(larger.scale == page.scale, "\(pageText): scale \(page.scale)")
        }
        // The last page, "HEY", alone: larger than the others.
        #expect(pages[2].lines.map(\.text) == ["HEY"] && pages[2].scale == 2 && pages[0].scale == 1,
                "\(pages.map { ($0.scale, $0.lines.map(\.text)) })")
    }

    static func resting(cues: [Cue], pages: Int = 3, _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        settings.staticText = true
        configure(&settings)
        var state = PlayerState(cues: cues, settings: settings, at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 170, panelLEDs: 40, restPages: pages)), at: 0)
        return state
    }

    @Test("each page shows an equal share of the message's seconds; the timer turns it, round again after the last")
    func pageTimer() {
        var state = Self.resting(cues: [Cue(text: Self.coffee, seconds: 9)])
        #expect(state.placementKind == .rest && state.restPages == 3)
        #expect(state.pageSeconds == 3)
        let spec = state.timers.first { $0.key == .page }
        #expect(spec?.deadline == .after(3))
        #expect(state.scene(at: 0, columns: 80, rows: 24, lineHeight: 9).page == MarqueeScene.Page(index: 0, count: 3))
        _ = state.reduce(.pageDue, at: 3)
        #expect(state.shownPage == 1)
        #expect(state.scene(at: 3, columns: 80, rows: 24, lineHeight: 9).page?.indicator == "2/3")
        _ = state.reduce(.pageDue, at: 6)
        _ = state.reduce(.pageDue, at: 9)
        #expect(state.shownPage == 0)
    }

    @Test("a turn leaves the advance's condition ID alone; a new message opens on its first page")
    func turnKeepsAdvance() {
        var state = Self.resting(cues: [Cue(text: Self.coffee, seconds: 9), Cue(text: "B", seconds: 9)])
        let advance = state.advanceID
        _ = state.reduce(.pageDue, at: 3)
        #expect(state.advanceID == advance)
        #expect(state.shownPage == 1)
        _ = state.reduce(.advanceDue, at: 9)
        #expect(state.cueIndex == 1)
        #expect(state.shownPage == 0)
    }

    @Test("no turns while paused or with one page; a page is up a second at least")
    func noTimer() {
        var state = Self.resting(cues: [Cue(text: Self.coffee, seconds: 9)])
        _ = state.reduce(.key(.character(" ")), at: 1)
        if state.paused { #expect(state.pageTimerID.seconds == nil) }
        let whole = Self.resting(cues: [Cue(text: "OK")], pages: 1)
        #expect(whole.pageTimerID.seconds == nil)
        #expect(whole.scene(at: 0, columns: 80, rows: 24, lineHeight: 7).page == nil)
        let many = Self.resting(cues: [Cue(text: Self.coffee, seconds: 2)], pages: 40)
        #expect(many.pageSeconds == 1)
    }

    @Test("heat stops a scrolling message: at rest it is paged too")
    func pagedWhenMotionStops() {
        var state = Self.resting(cues: [Cue(text: Self.coffee, seconds: 9)]) { $0.staticText = false; $0.thermalOverride = .critical }
        #expect(state.placementKind == .rest)
        #expect(state.pageSeconds == 3)
        _ = state.reduce(.pageDue, at: 3)
        #expect(state.shownPage == 1)
    }

    @Test("the page indicator stands at the end of the countdown row")
    func indicatorDrawn() {
        let state = Self.resting(cues: [Cue(text: Self.coffee, seconds: 9)])
        let scene = state.scene(at: 0, columns: 80, rows: 24, lineHeight: 9)
        let layout = TextLayout(text: Self.coffee, font: LEDFont.builtIn)
        let pages = RestLayout.pages(text: Self.coffee, font: LEDFont.builtIn, panelColumns: 40, panelRows: 22)
        let frame = FrameComposer.compose(scene, layout: layout, rest: pages[0])
        let row = frame.text.split(separator: "\n", omittingEmptySubsequences: false)[22]
        #expect(row.hasSuffix(" 1/3"))
    }

    @Test("where no LED size fits, the plain text is in the LEDs' colour, not the terminal's")
    func plainTextColoured() {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.color = LEDColor(parsing: "green")!
        var state = PlayerState(cues: [Cue(text: "HI")], settings: settings, at: 0)
        _ = state.reduce(.start, at: 0)
        let scene = state.scene(at: 0, columns: 4, rows: 1, lineHeight: 7)
        let frame = FrameComposer.compose(scene, layout: TextLayout(text: "HI", font: LEDFont.builtIn), rest: nil)
        let lettered = (0..<4).map { frame[0, $0] }.filter { $0.scalar == "H" || $0.scalar == "I" }
        #expect(lettered.count == 2)
        #expect(lettered.allSatisfy { if case .led = $0.foreground { true } else { false } })
    }
}
