/// `cycle`: the message at rest in the rainbow's gradient, its hues moving
/// along it six slots a second on the mode's clock (a full turn of the
/// 12 hues every 2 s). Decorative: at a tier below full the gradient
/// stands still.
enum Cycle {
    static let huesPerSecond = 6.0
    static var period: Double { Double(MarqueeScene.rainbowHues) / huesPerSecond }

    /// The rainbow's phase at `seconds` on the mode clock.
    static func phase(at seconds: Double) -> Int {
        Int((max(0, seconds) * huesPerSecond).rounded(.down)) % MarqueeScene.rainbowHues
    }
}
