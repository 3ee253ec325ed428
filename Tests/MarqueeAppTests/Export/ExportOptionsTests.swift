import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--export` on the command line (docs/export.md, "Options"): the format
/// from the extension, its options' ranges, what does not go with it.
@Suite("Export options")
struct ExportOptionsTests {
    static func options(_ arguments: [String]) throws -> Options {
        guard case let .run(options, _) = try CommandLineParser.parse(arguments) else { throw UsageError("not a run") }
        return options
    }

    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("the extension says the format, in any case; the options land in their fields")
    func formats() throws {
        let gif = try Self.options(["--export", "out/Sign.GIF", "--led-pixels", "4", "--duration", "2.5", "--fps", "25", "x"])
        #expect(gif.export == ExportRequest(path: "out/Sign.GIF", format: .gif))
        #expect(gif.ledPixels == 4 && gif.exportDuration == 2.5 && gif.exportFPS == 25)
        #expect(try Self.options(["--export=a.b.png", "--at", "3.5", "x"]).export?.format == .png)
        #expect(try Self.options(["x"]).ledPixels == 8)
        #expect(try Self.options(["--export", "rec.Cast", "--duration", "3", "x"]).export?.format == .cast)
        #expect(try Self.options(["--export", "sign.webp", "--fps", "60", "x"]).export?.format == .webp)
        // The moment 0 at a local time, as for --snapshot.
        #expect(try Self.options(["--export", "sign.gif", "--now", "Sat 12:00", "x"]).now != nil)
    }

    @Test("a bad value or combination is one usage line naming the option", arguments: [
        (["--export", "sign.bmp", "x"], "cannot export 'sign.bmp': unknown format (use .png, .gif, .webp, .mp4, .webm, .cast)"),
        (["--export", "sign", "x"], "cannot export 'sign': unknown format (use .png, .gif, .webp, .mp4, .webm, .cast)"),
        (["--export", ".gif", "x"], "cannot export '.gif': unknown format (use .png, .gif, .webp, .mp4, .webm, .cast)"),
        (["--export", "", "x"], "option '--export' needs a file name"),
        (["--export", "a.gif", "--duration", "0", "x"], "'--duration' must be more than 0 and at most 600 seconds, not '0'"),
        (["--export", "a.gif", "--duration", "86400", "x"], "'--duration' must be more than 0 and at most 600 seconds, not '86400'"),
        (["--export", "a.gif", "--duration", "nan", "x"], "'--duration' must be more than 0 and at most 600 seconds, not 'nan'"),
        (["--export", "a.gif", "--duration", "-3", "x"], "'--duration' must be more than 0 and at most 600 seconds, not '-3'"),
        (["--export", "a.gif", "--fps", "0", "x"], "'--fps' must be a whole number from 1 to 60, not '0'"),
        (["--export", "a.gif", "--fps", "61", "x"], "'--fps' must be a whole number from 1 to 60, not '61'"),
        (["--export", "a.gif", "--led-pixels", "65", "x"], "'--led-pixels' must be a whole number from 1 to 64, not '65'"),
        (["--export", "a.gif", "--led-pixels", "2.5", "x"], "'--led-pixels' must be a whole number from 1 to 64, not '2.5'"),
        (["--duration", "3", "x"], "--duration needs --export"),
        (["--fps", "3", "x"], "--fps needs --export"),
        (["--led-pixels", "3", "x"], "--led-pixels needs --export"),
        (["--export", "a.gif", "--snapshot", "x"], "give either --export or --snapshot, not both"),
        (["--export", "a.gif", "--headless", "x"], "give either --export or --headless, not both"),
        (["--export", "a.gif", "-f", "-"], "--export reads a cue file, not standard input"),
        (["--export", "a.png", "--duration", "3", "x"], "--duration is for an animation; a .png is one moment (--at)"),
        (["--export", "a.gif", "--at", "3", "x"], "--at picks a still's moment; an animation starts at 0 and lasts --duration"),
        (["--export", "a.cast", "--led-pixels", "3", "x"], "--led-pixels sizes LEDs in pixels; a .cast records the terminal's cells"),
    ])
    func refused(arguments: [String], message: String) {
        #expect(Self.refusal(arguments) == message)
    }
}
