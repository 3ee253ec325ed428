/// Why a source of power news is missing (docs/power-probe.md, "Power
/// news"): one line for the `powerSources` record, never for the screen,
/// since a machine without the source is normal.
struct PowerSourceFailure: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
