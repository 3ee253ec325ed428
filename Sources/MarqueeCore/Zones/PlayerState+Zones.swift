/// The zones as the player state reads them: their clock, whether they
/// need frame ticks, and the scene of one zone (docs/zones.md).
extension PlayerState {
    /// The zones on the sign: the playing deck's `"zones"` when it has
    /// them, else the sign's own (`--zones`, a config file's `zones`).
    public var signZones: [SignZone] { zones.deckZones ?? settings.zones }

    /// A deck's zones replace the ones shown (nil: the sign's own). The
    /// zones' clock keeps its place: a turn or a scroll goes on from there.
    mutating func adopt(deckZones: [SignZone]?) -> [PlayerEffect] {
        _ = zones.adopt(deckZones: deckZones)
        return []
    }

    /// Seconds of motion the zones have played at `t` (``ZoneState``).
    public func zoneSeconds(at t: Double) -> Double { zones.clock.sample(at: t) }

    /// Keeps the zones' clock running exactly while the main sign's
    /// frames are rendered: stopped by the motion policy or pause.
    mutating func syncZoneClock(at t: Double) {
        zones.setRunning(!signZones.isEmpty && shouldRenderFrames, at: t)
    }

    /// Whether a zone changes on its own: its texts take turns, one of its
    /// texts scrolls (the host's measure says so), or it shows live fields.
    /// A zone at rest with none of these costs no tick.
    var zonesAnimate: Bool {
        guard !signZones.isEmpty, !isDark, zones.clock.isRunning else { return false }
        return measure?.zoneLEDsPerCharacter.isEmpty == false
            || signZones.contains { $0.rotates || $0.showsFields }
    }

    /// The next time a zone may change after `t`: the next step of a text
    /// that scrolls (its LEDs at the sign's speed; every text that could
    /// scroll is counted, so no step is missed), or the next turn.
    func nextZoneChange(after t: Double) -> Double {
        guard zonesAnimate else { return .infinity }
        let elapsed = zoneSeconds(at: t)
        var next = Double.infinity
        for leds in measure?.zoneLEDsPerCharacter ?? [] where zonesMayScroll {
            next = min(next, zones.clock.nextStep(after: t, stepsPerUnit: abs(settings.speed) * leds))
        }
        for zone in signZones where zone.rotates {
            next = min(next, t + ((elapsed / zone.seconds).rounded(.down) + 1) * zone.seconds - elapsed)
        }
        return next
    }

    /// Whether the zones scroll a text too wide for its region: while
    /// motion is allowed, not held by `--static` or a speed of 0.
    public var zonesMayScroll: Bool {
        motion.animationAllowed && !settings.staticText && settings.speed != 0
    }

    /// The panel of a zone's region of `columns` x `rows` cells, all of it
    /// LEDs, for a text whose inked rows are `lineHeight` high, in the
    /// sign's style, grid and `--scale`. `letterWidth` keeps a line's
    /// letters readable across it, as the main sign's; nil (a side zone)
    /// fills the height. `maximumScale` caps the LED size below `--scale`.
    public func zoneGeometry(columns: Int, rows: Int, lineHeight: Int, letterWidth: Double?,
                             maximumScale: Int? = nil) -> ScreenGeometry {
        let cap = [settings.scale, maximumScale].compactMap(\.self).min()
        return ScreenGeometry(columns: columns, rows: rows, style: panelStyle, lineHeight: lineHeight, captionLines: 0,
                       maximumScale: cap, letterWidth: letterWidth, grid: settings.grid,
                       rowsOfLEDs: settings.rowsOfLEDs, statusRows: false)
    }

    /// Cells a side zone takes to show `leds` panel LEDs in the sign's style.
    public func zoneCells(forLEDs leds: Int) -> Int {
        (max(0, leds) * panelStyle.halfCellsPerLED + 1) / 2
    }

    /// The scene of a zone's text on `geometry` (the zone's region) at `t`:
    /// scrolling round from in view when `scrolls`, else at rest. It has
    /// the sign's look (style, grid, colour, brightness, dark hours) and no
    /// status rows. `ledsPerCharacter` turns the sign's speed into LEDs.
    public func zoneScene(geometry: ScreenGeometry, textID: Int, plainText: TerminalLine, scrolls: Bool,
                          ledsPerCharacter: Double, at t: Double) -> MarqueeScene {
        var placement = MarqueeScene.Placement.rest
        if scrolls {
            let leds = Int((zoneSeconds(at: t) * settings.speed * ledsPerCharacter).rounded(.down))
            let pitch = geometry.ledPitch
            placement = .scrolling(ledOffset: FrameComposer.floorDivide(leds, pitch) * pitch, entry: .inView)
        }
        return MarqueeScene(geometry: geometry, style: panelStyle, monochrome: settings.monochrome, messageID: textID,
                            plainText: plainText, placement: placement, glyphs: settings.glyphs, dark: isDark,
                            brightness: ledBrightness, grid: settings.grid, glow: settings.glow && effectsAllowed)
    }
}
