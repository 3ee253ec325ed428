import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// A running sign's snapshot (docs/control.md, "Snapshots"): the PNG made
/// in memory from the sign's LEDs, its caps, and its wire form.
@Suite("A running sign's picture")
@MainActor
struct SignPictureTests {
    /// The LEDs "ON AIR" shows at rest on a `columns` x `rows` terminal.
    static func picture(columns: Int = 80, rows: Int = 24, pitch: Int = 8) throws -> SignPicture {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.idleTimeout = 0
        let sign = VirtualSign(cues: [Cue(text: "ON AIR")], settings: settings, fonts: try FontLoader.stack(path: nil),
                               columns: columns, rows: rows, wallStart: 0)
        sign.run(until: 5)
        return SignPicture(panel: sign.leds(at: 5), pitch: pitch, signColor: settings.color)
    }

    /// A PNG's width and height, from its IHDR chunk.
    static func size(_ png: [UInt8]) -> (Int, Int) {
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test("the PNG is the panel's LEDs times led-pixels, and says so")
    func sized() throws {
        let picture = try Self.picture()
        for pitch in [1, 3, 8] {
            let png = try SignPicture(panel: picture.panel, pitch: pitch, signColor: picture.panel.color ?? PlayerSettings().color).encode()
            #expect(png.bytes.starts(with: SnapshotReply.pngSignature))
            #expect(png.width == picture.panel.columns * pitch && png.height == picture.panel.rows * pitch)
            #expect(Self.size(png.bytes) == (png.width, png.height))
        }
    }

    @Test("the bytes are the palette PNG an export writes of the same LEDs")
    func sameAsExport() throws {
        let picture = try Self.picture()
        let png = try picture.encode()
        let raster = LEDRaster(pitch: 8, shape: picture.panel.shape)
        var image = IndexedImage(width: png.width, height: png.height)
        raster.draw(picture.panel, into: &image)
        let scratch = try ScratchDirectory()
        var file = try ExportFile(path: scratch.path + "/x.png")
        try PNGWriter.write(image, palette: picture.palette, to: file)
        try file.commit()
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.path + "/x.png"))) == png.bytes)
    }

    @Test("no panel, a side over the cap, more bytes than the cap: one line each, nothing allocated past the cap")
    func refused() throws {
        let tiny = SignPicture(panel: LEDPanel(columns: 0, rows: 0, shape: .round), pitch: 8, signColor: .rainbow)
        #expect(throws: ControlRequestParser.Failure("the sign has no LED panel now (its terminal is too small for one)")) {
            try tiny.encode()
        }
        let wide = try Self.picture(columns: 1000, rows: 24, pitch: 64)
        #expect(wide.panel.columns * 64 > SignPicture.maximumSide)
        #expect(throws: ControlRequestParser.Failure.self) { try wide.encode() }
        let picture = try Self.picture()
        var image = IndexedImage(width: picture.panel.columns * 8, height: picture.panel.rows * 8)
        LEDRaster(pitch: 8, shape: picture.panel.shape).draw(picture.panel, into: &image)
        do {
            _ = try PNGWriter.encode(image, palette: picture.palette, limit: 100)
            Issue.record("a PNG over its cap was made")
        } catch {
            #expect(error.message == "over 100 bytes")
        }
    }

    @Test("the socket's reply carries the PNG in base64, and send reads the same bytes back")
    func wireForm() throws {
        let png = try Self.picture().encode()
        guard case .object(let line) = SnapshotReply.reply(.success(png)),
              case .object(let object)? = JSONValue.parse(Array(line.utf8)) else {
            Issue.record("not an object reply")
            return
        }
        #expect(object["ok"] == .bool(true) && object["width"] == .number(Double(png.width)))
        #expect(try SnapshotReply.png(in: object, source: "s") == png.bytes)
        #expect(throws: Platform.Failure.self) { try SnapshotReply.png(in: ["png": .string("aGVsbG8=")], source: "s") }
        #expect(throws: Platform.Failure.self) { try SnapshotReply.png(in: ["ok": .bool(true)], source: "s") }
        #expect(SnapshotReply.reply(.failure(.init("no"))) == .error("no"))
    }

    @Test("a 300x80 sign's picture: how long it takes (it is made off the loop's thread)")
    func cost() throws {
        let picture = try Self.picture(columns: 300, rows: 80)
        _ = try picture.encode()
        let clock = ContinuousClock()
        var png: SignPicture.PNG?
        let runs = 10
        let elapsed = try clock.measure { for _ in 0..<runs { png = try picture.encode() } }
        let each = elapsed / runs
        print("snapshot of 300x80 cells: \(png!.width)x\(png!.height) pixels, \(png!.bytes.count) bytes, \(each) each")
        #expect(png!.bytes.count <= SignPicture.maximumBytes)
        // More than a millisecond even in a release build: it must not
        // run on the loop (a frame is 16.7 ms).
        #expect(each < .seconds(1))
    }
}
