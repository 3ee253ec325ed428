/// One tag of inline markup, as written between braces (docs/display.md,
/// "Inline markup"): a colour the sign knows (`{red}`, `{#FF8800}`), `{blink}`,
/// or `{/}`, which closes the innermost open one. A closed set, apart from
/// the live fields' names (``LiveField``), so neither is read as the other.
public enum MarkupTag: Sendable, Hashable {
    case color(LEDPixelColor)
    case blink
    case close

    /// The tag between braces, or nil: `rainbow` is the sign's colour
    /// cycle, not a colour a span can hold, so `{rainbow}` shows as typed.
    init?(body: String) {
        switch body {
        case "/": self = .close
        case "blink": self = .blink
        default:
            // Colour names are as short as `magenta`, `#RRGGBB` seven:
            // a longer body is never lowercased and compared.
            guard body.utf8.count <= 7, let color = LEDColor(parsing: body), case let .solid(red, green, blue) = color else {
                return nil
            }
            self = .color(LEDPixelColor(red: red, green: green, blue: blue))
        }
    }

    /// Whether this tag opens a span (`{/}` closes one).
    public var opens: Bool { self != .close }
}
