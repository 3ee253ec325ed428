/// What the sign writes to draw, read once from the terminal's terminfo
/// entry: cursor addressing, deleting characters (a scroll step), colours
/// and attributes, the alternate screen, the cursor's visibility. A
/// capability the terminal lacks is nil, and the painter draws with what
/// is there (no `dch`: rows are rewritten; no `hpa`: `cup`; no colours: the
/// glyphs alone tell lit from unlit).
struct TerminalCapabilities: Sendable {
    let cursorAddress: ParameterisedCapability
    let columnAddress: ParameterisedCapability?
    let rowAddress: ParameterisedCapability?
    let cursorRight: [UInt8]?
    let cursorRightBy: ParameterisedCapability?
    let deleteCharacters: ParameterisedCapability?
    let deleteCharacter: [UInt8]?
    let normal: [UInt8]
    /// `op`, written after `sgr0` only where `sgr0` leaves the colours.
    let defaultColors: [UInt8]
    let bold: [UInt8]?
    let dim: [UInt8]?
    let reverse: [UInt8]?
    let foreground: ParameterisedCapability?
    let background: ParameterisedCapability?
    /// `setf`/`setb` count colours in another order (blue is 1, red 4).
    let foregroundIsBGR: Bool
    /// Attributes the terminal cannot show together with a colour (`ncv`).
    let attributesWithoutColor: InkColors.Attributes
    let enterAlternateScreen: [UInt8]?
    let leaveAlternateScreen: [UInt8]?
    let hideCursor: [UInt8]?
    let showCursor: [UInt8]?
    let clearScreen: [UInt8]?
    let clearToEnd: [UInt8]?
    /// Writing the last column of the last row scrolls the screen up
    /// (`am` without `xenl`), unless the automatic margins are switched off
    /// around it (`rmam`, `smam`).
    let lastCellScrolls: Bool
    let marginsOff: [UInt8]?
    let marginsOn: [UInt8]?
    /// Colours the entry says it has (`colors`), nil with none.
    let colors: Int?

    /// Nil when the terminal cannot address the cursor (or has no `sgr0`):
    /// such a terminal cannot show a full-screen sign.
    @MainActor
    init?(_ entry: TerminfoEntry) {
        guard let cup = entry.parameterised("cup"), let sgr0 = entry.string("sgr0") else { return nil }
        cursorAddress = cup
        columnAddress = entry.parameterised("hpa")
        rowAddress = entry.parameterised("vpa")
        cursorRight = entry.string("cuf1")
        cursorRightBy = entry.parameterised("cuf")
        deleteCharacters = entry.parameterised("dch")
        deleteCharacter = entry.string("dch1")
        normal = sgr0
        // ECMA-48's SGR 0 resets the colours too; other terminals get op after it.
        defaultColors = TerminalCapabilities.resetsColors(sgr0) ? [] : entry.string("op") ?? []
        bold = entry.string("bold")
        dim = entry.string("dim")
        reverse = entry.string("rev")
        if let setaf = entry.parameterised("setaf") {
            foreground = setaf
            background = entry.parameterised("setab")
            foregroundIsBGR = false
        } else {
            foreground = entry.parameterised("setf")
            background = entry.parameterised("setb")
            foregroundIsBGR = foreground != nil
        }
        let ncv = entry.number("ncv") ?? 0
        var without: InkColors.Attributes = []
        // ncv's bits follow sgr's parameters: 4 reverse, 16 dim, 32 bold.
        if ncv & 4 != 0 { without.insert(.reverse) }
        if ncv & 16 != 0 { without.insert(.dim) }
        if ncv & 32 != 0 { without.insert(.bold) }
        attributesWithoutColor = without
        enterAlternateScreen = entry.string("smcup")
        leaveAlternateScreen = entry.string("rmcup")
        hideCursor = entry.string("civis")
        showCursor = entry.string("cnorm")
        clearScreen = entry.string("clear")
        clearToEnd = entry.string("ed")
        lastCellScrolls = entry.flag("am") && !entry.flag("xenl")
        marginsOff = entry.string("rmam")
        marginsOn = entry.string("smam")
        colors = entry.number("colors")
    }

    /// Whether the terminal can shift a row (delete characters).
    var canDeleteCharacters: Bool { deleteCharacters != nil || deleteCharacter != nil }

    /// Whether `sgr0` is (or ends in) SGR 0, which resets colours as well.
    static func resetsColors(_ sgr0: [UInt8]) -> Bool {
        let csi: [UInt8] = [0x1B, UInt8(ascii: "[")]
        for reset in [csi + [UInt8(ascii: "m")], csi + Array("0m".utf8)] where sgr0.firstRange(of: reset) != nil {
            return true
        }
        return false
    }
}
