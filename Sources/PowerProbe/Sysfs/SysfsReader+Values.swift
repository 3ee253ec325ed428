extension SysfsReader {
    /// A decimal integer attribute; `nil` when absent or not a plain integer,
    /// so a garbled file is never mistaken for 0.
    func integer(_ relativePath: String) -> Int? {
        text(relativePath).flatMap { Int($0) }
    }

    /// A temperature attribute (the kernel writes milli-°C) in °C.
    func celsius(_ relativePath: String) -> Double? {
        integer(relativePath).map { Double($0) / 1000 }
    }
}
