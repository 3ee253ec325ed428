/// Nearest entries of the standard xterm 256-colour palette (the 6x6x6 cube
/// and the grey ramp), which every 256-colour terminal shares by default.
public enum XtermPalette {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index closest to an RGB colour.
    ///
    /// ```swift
    /// XtermPalette.nearest(red: 255, green: 0, blue: 0)   // 196
    /// ```
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let channels = [Int(red), Int(green), Int(blue)]
        let cube = channels.map(nearestCubeStep)
        let cubeColor = cube.map { cubeLevels[$0] }
        let cubeIndex = 16 + cube[0] * 36 + cube[1] * 6 + cube[2]
        let average = channels.reduce(0, +) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyLevel = 8 + greyStep * 10
        let greyIndex = 232 + greyStep
        let cubeDistance = distance(channels, cubeColor)
        let greyDistance = distance(channels, [greyLevel, greyLevel, greyLevel])
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    private static func nearestCubeStep(_ value: Int) -> Int {
        var best = 0
        for (step, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) {
            best = step
        }
        return best
    }

    private static func distance(_ a: [Int], _ b: [Int]) -> Int {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
}
