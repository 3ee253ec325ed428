import Foundation
import Glibc
import Testing
@testable import MarqueeTerminal

/// `--tty DEVICE`: what opens, what is refused and why.
@Suite("Terminal device")
struct TerminalDeviceTests {
    /// A new pseudo-terminal: the master's descriptor and the slave's path.
    /// (`posix_openpt` and friends are not in Swift's Glibc module; these are
    /// the ioctls they wrap, the same numbers on every Linux architecture
    /// this builds for.)
    static func openPseudoTerminal() throws -> (master: Int32, path: String) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0, "open /dev/ptmx: \(String(cString: strerror(errno)))")
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430  // TIOCSPTLCK, TIOCGPTN
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            close(master)
            throw CocoaError(.fileReadUnknown)
        }
        return (master, "/dev/pts/\(number)")
    }

    @Test("a pseudo-terminal opens read-write, blocking and close-on-exec")
    func opensPty() throws {
        let (master, name) = try Self.openPseudoTerminal()
        defer { close(master) }
        let fd = try TerminalDevice.open(name)
        defer { close(fd) }
        #expect(isatty(fd) == 1)
        let flags = fcntl(fd, F_GETFL)
        #expect(flags & O_ACCMODE == O_RDWR)
        #expect(flags & O_NONBLOCK == 0, "made blocking again after the open")
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        // Written to the device, read at the other end.
        #expect(write(fd, "x", 1) == 1)
        var byte: UInt8 = 0
        #expect(read(master, &byte, 1) == 1 && byte == UInt8(ascii: "x"))
    }

    @Test("what is not a terminal, or not there, is refused with the reason",
          arguments: [("/dev/null", "not a terminal"), ("/nonexistent-tty-\(getpid())", "No such file or directory"),
                      ("/", "Is a directory")])
    func refused(path: String, reason: String) {
        #expect(throws: TerminalError.cannotOpenDevice(path, reason)) { try TerminalDevice.open(path) }
        #expect(TerminalError.cannotOpenDevice(path, reason).description == "\(path): cannot open terminal: \(reason)")
    }

    @Test("a regular file and a FIFO are refused, and the FIFO does not hang the open")
    func filesRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [file, fifo] {
            #expect(throws: TerminalError.cannotOpenDevice(path, "not a terminal")) { try TerminalDevice.open(path) }
        }
    }

    @Test("TERM is linux when unset or empty, and kept otherwise")
    func term() {
        #expect(TerminalDevice.environment([:])["TERM"] == "linux")
        #expect(TerminalDevice.environment(["TERM": ""])["TERM"] == "linux")
        #expect(TerminalDevice.environment(["TERM": "xterm-256color", "HOME": "/root"]) == ["TERM": "xterm-256color", "HOME": "/root"])
    }
}
