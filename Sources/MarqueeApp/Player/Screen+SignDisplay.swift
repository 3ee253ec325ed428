import MarqueeTerminal

/// The terminal is the display of every sign but a headless one: `Screen`
/// already has each part of `SignDisplay`, and the glyphs (the protocol's
/// default) follow `TERM` and the colours it opened with.
extension Screen: SignDisplay {}
