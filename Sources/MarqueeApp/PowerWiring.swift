import MarqueeCore

/// Connects the power probe to the player.
enum PowerWiring {
    static func source(_ options: Options) -> PowerSourceAdapter? {
        nil
    }
}
