@testable import MarqueeApp
import MarqueeCore

/// Zones (docs/zones.md): `--zones` values parsed from hostile text, then
/// drawn. The first byte picks the terminal (8…71 columns, 3…18 rows, from
/// its bits), the rest is up to four zone values split at NUL.
/// Invariants: an error is one clean line (its quotes cut at 64 characters); a parsed
/// zone keeps the caps (at most 16 texts, each 1…256 characters, not
/// blank), its width on a side zone only, its seconds in range; the list
/// holds each edge once; the command line says what the parser says; the
/// frame of a sign with the zones has the terminal's size, every time it
/// is drawn.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let header = bytes.first else { return 0 }
    let columns = 8 + Int(header & 0x3F), rows = 3 + Int(header >> 6) * 5
    let values = bytes.dropFirst().split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    var zones: [SignZone] = []
    for written in values {
        do throws(ZoneSyntaxError) {
            let zone = try SignZone(parsing: written)
            require(!zone.texts.isEmpty && zone.texts.count <= SignZone.maximumTexts, "1 to 16 texts", written)
            require(zone.texts.allSatisfy { $0.unicodeScalars.count <= SignZone.maximumTextLength }, "texts within the cap", written)
            require(zone.width == nil || zone.edge.isSide, "a width on a side zone only", written)
            require(SignZone.secondsRange.contains(zone.seconds), "seconds in range", written)
            if (try? SignZone.checked(zones + [zone])) != nil { zones.append(zone) }
        } catch {
            requireSafeMessage(error.message, "a zone error")
            // Quotes are cut at 64 characters, each at most `\u{XXXX}` once escaped.
            require(!error.message.contains("\n") && error.message.count < 2_000, "a zone error is one short line", error.message)
        }
        // The command line takes exactly what the parser takes.
        let command = try? CommandLineParser.parse(["--zones", written, "x"])
        require((command != nil) == ((try? SignZone(parsing: written)) != nil), "--zones agrees with the parser", written)
    }
    guard !zones.isEmpty else { return 0 }
    var settings = PlayerSettings()
    settings.zones = zones
    settings.style = LEDStyle.allCases[Int(header) % LEDStyle.allCases.count]
    let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)
    for at in [0.0, 2.5] {
        // libFuzzer calls in on the main thread, as the layout target says.
        let text = MainActor.assumeIsolated {
            Snapshot.render(cues: [Cue(text: "fuzz")], settings: settings, fonts: fonts, columns: columns, rows: rows, at: at)
        }
        require(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count == rows, "a frame of the terminal's rows",
                String(describing: zones))
    }
    return 0
}
