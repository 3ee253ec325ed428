extension FieldTemplate {
    /// `segments` with every tag that has no partner turned back into the
    /// text it was typed as: `{/}` with nothing open, or a tag never
    /// closed. `{/}` closes the innermost open tag. Literals that meet are
    /// joined, so the template is as if the lone tag were never read.
    static func balanced(_ segments: [Segment]) -> [Segment] {
        var open: [Int] = []
        var lone = Set<Int>()
        for (index, segment) in segments.enumerated() {
            guard case .tag(let tag, _) = segment else { continue }
            if tag.opens {
                open.append(index)
            } else if open.popLast() == nil {
                lone.insert(index)
            }
        }
        lone.formUnion(open)
        guard !lone.isEmpty else { return segments }
        var result: [Segment] = []
        result.reserveCapacity(segments.count)
        for (index, segment) in segments.enumerated() {
            var piece = segment
            if lone.contains(index), case .tag(_, let written) = segment { piece = .literal("{" + written + "}") }
            if case .literal(let text) = piece, case .literal(let before)? = result.last {
                result[result.count - 1] = .literal(before + text)
            } else {
                result.append(piece)
            }
        }
        return result
    }
}

extension MarkupTag {
    /// The tag as it is written: a colour as `#RRGGBB` (of the colour
    /// the span is drawn in, which a name would give as well).
    var source: String {
        switch self {
        case .close: return "{/}"
        case .blink: return "{blink}"
        case .color(let color):
            let rgb = color.rgb
            return "{" + LEDColor.solid(red: rgb.red, green: rgb.green, blue: rgb.blue).spelled + "}"
        }
    }
}

extension MarkupText {
    /// A message text with markers written out again as tags, and every
    /// other `{` as `{{`: the text as a sender would type it to show the
    /// same, for a cue made again from its own text (``Cue/withoutFileFields``).
    static func source(_ text: String) -> String {
        guard hasMarkers(text) else { return text.replacing("{", with: "{{") }
        var result = ""
        var depth = 0
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == escape else {
                result += scalar == "{" ? "{{" : String(scalar)
                continue
            }
            guard let value = iterator.next() else { break }
            // Each marker holds the whole style: close what is open and
            // open the style afresh, which draws the same.
            result += String(repeating: "{/}", count: depth)
            depth = 0
            let style = MarkupStyle(rawValue: UInt8(truncatingIfNeeded: value.value &- styleBase))
            if let color = style.color { result += MarkupTag.color(color).source; depth += 1 }
            if style.blinks { result += MarkupTag.blink.source; depth += 1 }
        }
        return result + String(repeating: "{/}", count: depth)
    }
}
