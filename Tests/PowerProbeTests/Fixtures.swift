import Foundation
@testable import PowerProbe

/// The sysfs fixture trees under `Tests/Fixtures/sysfs/<machine>/`, found
/// from this file's location so tests run from any working directory.
enum Fixtures {
    static let sysfs: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PowerProbeTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/sysfs")

    static func reader(_ machine: String) -> SysfsReader {
        SysfsReader(root: sysfs.appendingPathComponent(machine).path)
    }

    /// The first reading a fresh probe takes of a machine.
    static func reading(_ machine: String) -> PowerReading {
        var probe = PowerProbe(reader: reader(machine))
        return probe.read()
    }
}

/// A writable sysfs tree in a fresh temporary directory — empty or a copy of
/// a fixture — for tests that change files between readings. Removed when
/// the last reference goes away.
final class ScratchTree {
    let root: URL

    init(copying machine: String? = nil) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("powerprobe-\(UUID().uuidString)")
        if let machine {
            try FileManager.default.copyItem(at: Fixtures.sysfs.appendingPathComponent(machine), to: root)
        } else {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var reader: SysfsReader { SysfsReader(root: root.path) }

    func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Writes `contents` plus the newline sysfs puts after every value.
    func write(_ relativePath: String, _ contents: String, newline: Bool = true) throws {
        try writeBytes(relativePath, Array((contents + (newline ? "\n" : "")).utf8))
    }

    func writeBytes(_ relativePath: String, _ bytes: [UInt8]) throws {
        let file = url(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    func remove(_ relativePath: String) throws {
        try FileManager.default.removeItem(at: url(relativePath))
    }

    /// Makes a file that exists but cannot be read. `chmod 000` does that for
    /// ordinary users; root reads through it, so there a directory takes the
    /// file's place, which `open`+`read` also refuses. Returns which it did.
    @discardableResult
    func makeUnreadable(_ relativePath: String) throws -> String {
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url(relativePath).path)
        if reader.text(relativePath) == nil { return "chmod 000" }
        try remove(relativePath)
        try FileManager.default.createDirectory(at: url(relativePath), withIntermediateDirectories: false)
        return "directory in place of the file (running as root)"
    }
}
