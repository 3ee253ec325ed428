import MarqueeCore

/// A deck's `"zones"` (docs/zones.md, "In a deck"): a JSON array of
/// strings, each one zone in the written form `--zones` takes
/// (`"left:OPEN"`, `"right=12@5:{time:%H:%M}|OPEN"`), read by the same
/// parser with the same caps. `[]` is a deck with no zones at all.
extension CueFileParser {
    /// The zones of a deck object's `"zones"` value; nil for `null`, so a
    /// deck that says nothing leaves the sign's own (`--zones`).
    static func zones(_ value: JSONValue, name: String) throws(ParseError) -> [SignZone]? {
        let form = "a JSON array of zones written as --zones takes them, such as [\"left:OPEN\", \"bottom:A|B\"]"
        switch value {
        case .null:
            return nil
        case .array(let written):
            guard written.count <= SignZone.maximumZones else {
                throw ParseError("\(name): \"zones\" has \(written.count) zones (at most \(SignZone.maximumZones), one an edge)")
            }
            var zones: [SignZone] = []
            for (index, entry) in written.enumerated() {
                guard case .string(let text) = entry else { throw ParseError("\(name): \"zones\" \(index + 1): must be a string (\(form))") }
                do {
                    zones.append(try SignZone(parsing: text))
                } catch {
                    throw ParseError("\(name): \"zones\" \(index + 1): \(error.message)")
                }
            }
            do {
                return try SignZone.checked(zones)
            } catch {
                throw ParseError("\(name): \"zones\": \(error.message)")
            }
        default:
            throw ParseError("\(name): \"zones\" must be \(form)")
        }
    }
}
