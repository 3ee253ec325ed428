import Glibc
import Testing
@testable import MarqueeApp

/// Where the broker's user and password come from (docs/fleet.md).
@Suite("Broker credentials")
struct BrokerCredentialsTests {
    @Test("a password file's first line: USER:PASSWORD split at the first ':', CRLF, or a password for the variable's user")
    func fileLines() throws {
        #expect(try BrokerCredentials.parse(Array("sign:se:cret\nignored".utf8), file: "f", environmentUser: nil)
                == BrokerCredentials(user: "sign", password: "se:cret"))
        #expect(try BrokerCredentials.parse(Array("sign:pw\r\n".utf8), file: "f", environmentUser: nil)
                == BrokerCredentials(user: "sign", password: "pw"))
        #expect(try BrokerCredentials.parse(Array("sign:".utf8), file: "f", environmentUser: nil)
                == BrokerCredentials(user: "sign", password: ""))
        #expect(try BrokerCredentials.parse(Array("justpw".utf8), file: "f", environmentUser: "envuser")
                == BrokerCredentials(user: "envuser", password: "justpw"))
    }

    @Test("hostile password files are refused with the reason", arguments: [
        ([UInt8](), "the first line must be USER:PASSWORD"),
        (Array("\nuser:pw".utf8), "the first line must be USER:PASSWORD"),
        ([0xFF, 0xFE, 0x3A], "the first line must be USER:PASSWORD"),
        (Array("us\u{0}er:pw".utf8), "the first line must be USER:PASSWORD"),
        (Array(":pw".utf8), "no user before ':'"),
        (Array("pw".utf8), "holds no USER: and LEDMARQUEE_MQTT_USER is not set"),
    ])
    func hostileFiles(bytes: [UInt8], reason: String) {
        #expect {
            try BrokerCredentials.parse(bytes, file: "pw.txt", environmentUser: nil)
        } throws: { error in
            (error as? BrokerCredentials.Failure)?.message.hasPrefix("pw.txt: \(reason)") == true
        }
    }

    @Test("the environment: user and password, user alone, none; a password without a user is refused")
    func environment() throws {
        var warnings: [String] = []
        #expect(try BrokerCredentials.resolve(passwordFile: nil, environment: ["LEDMARQUEE_MQTT_USER": "u", "LEDMARQUEE_MQTT_PASSWORD": "p"],
                                              warnings: &warnings) == BrokerCredentials(user: "u", password: "p"))
        #expect(try BrokerCredentials.resolve(passwordFile: nil, environment: ["LEDMARQUEE_MQTT_USER": "u"], warnings: &warnings)
                == BrokerCredentials(user: "u", password: nil))
        #expect(try BrokerCredentials.resolve(passwordFile: nil, environment: [:], warnings: &warnings) == nil)
        #expect(throws: BrokerCredentials.Failure.self) {
            try BrokerCredentials.resolve(passwordFile: nil, environment: ["LEDMARQUEE_MQTT_PASSWORD": "p"], warnings: &warnings)
        }
        #expect(warnings.isEmpty)
    }

    @Test("a real file: read, and a warning when others may read it; a missing file or a directory is an error")
    func realFile() throws {
        let directory = "/tmp/ledmarquee-credentials-\(getpid())"
        mkdir(directory, 0o700)
        defer {
            unlink(directory + "/pw")
            rmdir(directory)
        }
        let fd = open(directory + "/pw", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = Platform.writeAll(fd, "sign:pw\n")
        close(fd)
        chmod(directory + "/pw", 0o644)
        var warnings: [String] = []
        #expect(try BrokerCredentials.resolve(passwordFile: directory + "/pw", environment: [:], warnings: &warnings)
                == BrokerCredentials(user: "sign", password: "pw"))
        #expect(warnings == ["\(directory)/pw: others may read this password file (chmod 600 it)"])
        chmod(directory + "/pw", 0o600)
        warnings = []
        _ = try BrokerCredentials.resolve(passwordFile: directory + "/pw", environment: [:], warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(throws: BrokerCredentials.Failure(message: "\(directory)/missing: cannot read password file: No such file or directory"),
                "named a password file, not a cue file") {
            try BrokerCredentials.resolve(passwordFile: directory + "/missing", environment: [:], warnings: &warnings)
        }
        #expect(throws: BrokerCredentials.Failure.self) {
            try BrokerCredentials.resolve(passwordFile: directory, environment: [:], warnings: &warnings)
        }
    }
}
