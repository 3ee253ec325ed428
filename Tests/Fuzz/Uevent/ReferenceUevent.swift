import PowerProbe

/// The uevent rules of docs/power-probe.md ("Power news") written the plain
/// way: split the datagram at every NUL, make a string of every property,
/// put them in a dictionary. `UeventMessage.parse` scans in place and keeps
/// two keys; the fuzz target holds it to this on every input, so the
/// scanner cannot drift from the rules it was written to.
enum ReferenceUevent {
    static func parse(_ bytes: [UInt8]) -> UeventMessage? {
        guard !bytes.isEmpty, bytes.count <= UeventMessage.maximumBytes else { return nil }
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false)
        fields.removeLast()  // after the last NUL: a partial field, or nothing
        guard let header = fields.first, let at = header.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        let action = header[..<at]
        let devpath = header[(at + 1)...]
        guard (1...16).contains(action.count), action.allSatisfy({ (0x61...0x7A).contains($0) }),
              devpath.first == UInt8(ascii: "/"), String(validating: devpath, as: UTF8.self) != nil else { return nil }
        var properties: [String: String] = [:]
        for field in fields.dropFirst().prefix(UeventMessage.maximumFields) {
            guard let equals = field.firstIndex(of: UInt8(ascii: "=")),
                  let key = String(validating: field[..<equals], as: UTF8.self),
                  let value = String(validating: field[(equals + 1)...], as: UTF8.self),
                  properties[key] == nil else { continue }
            properties[key] = value
        }
        let name = String(decoding: action, as: UTF8.self)
        if let stated = properties["ACTION"], stated != name { return nil }
        return UeventMessage(action: name, subsystem: properties["SUBSYSTEM"])
    }
}
