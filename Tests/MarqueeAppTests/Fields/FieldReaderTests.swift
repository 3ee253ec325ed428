import Foundation
import Glibc
import MarqueeCore
import Testing
import TestSupport
@testable import MarqueeApp

@Suite("Reading live fields")
struct FieldReaderTests {
    static let power = PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal 48.6°C", powerText: "AC",
                                       source: "test", batteryPercent: 81, celsius: 48.6)

    static func reader(wall: Double = 1_800_000_000.25, lines: @escaping @Sendable (String) throws(Platform.ReadError) -> String = { _ throws(Platform.ReadError) in "" }) -> FieldReader {
        var reader = FieldReader()
        reader.wallNow = { wall }
        reader.readLine = lines
        return reader
    }

    static func fill(_ text: String, caption: String? = nil, power: PowerConditions = power,
                     reader: inout FieldReader, now: Double = 0) -> (FilledFields, [LiveField: String]) {
        reader.fill(Cue(text: text, caption: caption), messageID: 4, power: power, now: now, fileInterval: 2)
    }

    @Test("time in any strftime format (epoch seconds need no zone), power fields, a countdown")
    func values() throws {
        var reader = Self.reader()
        let (filled, failures) = Self.fill("{time:%s} {battery} {temp} {{", caption: "{date:%%}", reader: &reader)
        #expect(filled == FilledFields(messageID: 4, text: "1800000000 81% 49°C {", caption: "%"))
        #expect(failures.isEmpty)
        let target = try #require(WallClock.seconds(of: LocalMoment(year: 2030, month: 6, day: 1, hour: 12)))
        var countdown = Self.reader(wall: target - 2 * 86_400 - 3_661)
        #expect(Self.fill("{countdown:2030-06-01T12:00}", reader: &countdown).0.text == "2d 01:01:01")
    }

    @Test("what cannot be read shows the placeholder, with why")
    func placeholders() {
        var reader = Self.reader(lines: { _ throws(Platform.ReadError) in throw .system(ENOENT) })
        let (filled, failures) = Self.fill("{battery}|{temp}|{file:/gone}", power: .unknown, reader: &reader)
        #expect(filled.text == "--|--|--")
        #expect(failures[.battery] == "{battery}: no battery reports a charge")
        #expect(failures[.temperature] == "{temp}: no temperature sensor reads")
        #expect(failures[.file(path: "/gone")] == "/gone: cannot read {file:/gone}: No such file or directory")
    }

    @Test("a format whose result does not fit is an error, not a cut")
    func overlong() {
        var reader = Self.reader()
        let format = String(repeating: "%Y", count: 100)
        let (filled, failures) = Self.fill("{time:\(format)}", reader: &reader)
        #expect(filled.text == "--" && failures.count == 1)
    }

    @Test("a file is read again only after the check interval")
    func fileInterval() {
        final class Count: @unchecked Sendable { var reads = 0 }
        let count = Count()
        var reader = Self.reader(lines: { _ throws(Platform.ReadError) in
            count.reads += 1
            return "line \(count.reads)"
        })
        #expect(Self.fill("{file:/s}", reader: &reader, now: 10).0.text == "line 1")
        #expect(Self.fill("{file:/s} {file:/s}", reader: &reader, now: 11).0.text == "line 1 line 1")
        #expect(Self.fill("{file:/s}", reader: &reader, now: 12).0.text == "line 2")
        #expect(count.reads == 2)
    }

    @Test("the first line of a real file: newline and CR dropped, cut at a character, bounded read")
    func firstLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fields-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("status").path
        try "BUILD OK\r\nsecond\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try FirstLineReader.firstLine(of: file) == "BUILD OK")
        try (String(repeating: "é", count: 3_000)).write(toFile: file, atomically: true, encoding: .utf8)
        let long = try FirstLineReader.firstLine(of: file)
        #expect(long.utf8.count == FirstLineReader.maximumLineBytes && long == String(repeating: "é", count: 512))
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try FirstLineReader.firstLine(of: file) == "")
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: Platform.ReadError.notRegularFile) { try FirstLineReader.firstLine(of: fifo) }
        #expect(throws: Platform.ReadError.directory) { try FirstLineReader.firstLine(of: dir.path) }
    }

    @Test("kernel files are never read, even through a link: /proc (kmsg would be consumed), /sys; devices are refused", arguments: [
        "/proc/version", "/proc/self/status", "/proc/kmsg", "/sys/kernel/uevent_seqnum",
    ])
    func kernelFiles(path: String) throws {
        guard access(path, F_OK) == 0 else { return }  // not on this machine
        #expect(throws: Platform.ReadError.kernelFile) { try FirstLineReader.firstLine(of: path) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fields-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("innocent").path
        #expect(symlink(path, link) == 0)
        #expect(throws: Platform.ReadError.kernelFile) { try FirstLineReader.firstLine(of: link) }
        #expect(throws: Platform.ReadError.notRegularFile) { try FirstLineReader.firstLine(of: "/dev/null") }
        #expect(FieldReader.fileReason(path, .kernelFile) == "\(path): cannot read {file:\(path)}: a kernel file (/proc, /sys), which reading may change; not read")
    }
}
