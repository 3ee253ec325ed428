import MarqueeCore

extension Program {
    /// Everything that sends a playing sign inputs, in the order the
    /// player prepares and starts them and the reverse of the order it
    /// stops them (``InputSources``, docs/architecture.md, "Input
    /// sources"). A new source is one more entry here.
    ///
    /// - Live fields and schedules first: they install the engine's hooks
    ///   the start batch already asks.
    /// - Power before the wall clock: the first power reading, taken after
    ///   power news opened, leads the start batch; the wall clock's offset
    ///   follows.
    /// - The fleet last, so it stops first: the sign says it goes offline
    ///   while all else still runs.
    ///
    /// `keys`: the terminal the keys come from, nil for none (`--headless`);
    /// `control` the control socket, `fleet` the sign's `FleetMember`
    /// (each a source as it is, so the tests can stand in for them).
    @MainActor
    static func inputSources(keys: Int32?, power: PowerSampler, news: PowerNews?, control: (any InputSource)?,
                             reloader: CueReloader?, feed: (any LiveCueSource)?, fleet: (any InputSource)?) -> [any InputSource] {
        let sources: [(any InputSource)?] = [
            LiveFieldsSource(),
            ScheduleSource(),
            PowerWatch(sampler: power, news: news),
            WallClockWatch(),
            keys.map(KeyboardSource.init(fd:)),
            SignalWatch(),
            control,
            reloader.map(CueReloadCheck.init),
            feed.map(LiveFeed.init),
            fleet,
        ]
        return sources.compactMap(\.self)
    }
}
