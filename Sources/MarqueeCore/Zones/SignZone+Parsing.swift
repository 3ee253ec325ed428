/// The one written form of a zone, read by `--zones` and by a deck's
/// `"zones"` list alike (docs/zones.md, "Syntax"):
///
///     EDGE[=WIDTH][@SECONDS]:TEXT[|TEXT…]
///
/// `left`, `right`, `top` or `bottom`; a side zone's width in cells; the
/// seconds each text shows when several take turns; then the texts, split
/// at `|`. Only the first `:` ends the head, so a text may hold colons
/// (`{time:%H:%M}`); `\|` is a bar in a text and `\\` a backslash.
extension SignZone {
    public init(parsing written: String) throws(ZoneSyntaxError) {
        guard let colon = written.firstIndex(of: ":") else {
            throw ZoneSyntaxError("zone '\(SignZone.quoted(written))' needs EDGE:TEXT (left:OPEN, right:{time:%H:%M}, bottom:A|B)")
        }
        var head = Substring(written[..<colon])
        var seconds = SignZone.standardSeconds
        if let at = head.firstIndex(of: "@") {
            let word = head[head.index(after: at)...]
            let number = word.hasSuffix("s") ? word.dropLast() : word
            guard let value = Double(number), value.isFinite, SignZone.secondsRange.contains(value) else {
                throw ZoneSyntaxError("zone '\(SignZone.quoted(written))': @SECONDS must be a number of seconds from "
                                      + "\(SignZone.secondsRange.lowerBound.plainText) to "
                                      + "\(SignZone.secondsRange.upperBound.plainText), not '\(SignZone.quoted(String(word)))'")
            }
            seconds = value
            head = head[..<at]
        }
        var width: Int?
        if let equals = head.firstIndex(of: "=") {
            let word = head[head.index(after: equals)...]
            guard let value = Int(word), (1...SignZone.maximumWidth).contains(value) else {
                throw ZoneSyntaxError("zone '\(SignZone.quoted(written))': =WIDTH must be a number of cells from 1 to "
                                      + "\(SignZone.maximumWidth), not '\(SignZone.quoted(String(word)))'")
            }
            width = value
            head = head[..<equals]
        }
        guard let edge = Edge(rawValue: String(head)) else {
            throw ZoneSyntaxError("zone '\(SignZone.quoted(written))': unknown edge '\(SignZone.quoted(String(head)))' (use "
                                  + Edge.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        if width != nil, !edge.isSide {
            throw ZoneSyntaxError("zone '\(SignZone.quoted(written))': only a left or right zone takes =WIDTH")
        }
        let texts = try SignZone.texts(in: written[written.index(after: colon)...], written: written)
        self.init(edge: edge, texts: texts, width: width, seconds: seconds)
    }

    /// The texts after the head, split at unescaped bars.
    private static func texts(in body: Substring, written: String) throws(ZoneSyntaxError) -> [String] {
        var texts: [String] = []
        var current = ""
        var escaped = false
        for character in body {
            if escaped {
                guard character == "|" || character == "\\" else {
                    throw ZoneSyntaxError("zone '\(quoted(written))': '\\' escapes only '|' and '\\'")
                }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                texts.append(current)
                current = ""
            } else {
                current.append(character)
            }
            // Checked as it grows: a hostile value is refused early.
            guard texts.count < maximumTexts, current.unicodeScalars.count <= maximumTextLength else {
                throw ZoneSyntaxError(texts.count >= maximumTexts
                    ? "zone '\(quoted(written))': more than \(maximumTexts) texts"
                    : "zone '\(quoted(written))': a text longer than \(maximumTextLength) characters")
            }
        }
        guard !escaped else { throw ZoneSyntaxError("zone '\(quoted(written))' ends in a lone '\\'") }
        texts.append(current)
        guard texts.allSatisfy({ !TerminalText.sanitize($0).allSatisfy { $0 == " " } }) else {
            throw ZoneSyntaxError("zone '\(quoted(written))' has an empty text")
        }
        return texts
    }

    /// A list of zones: each edge at most once.
    public static func checked(_ zones: [SignZone]) throws(ZoneSyntaxError) -> [SignZone] {
        var seen: Set<String> = []
        for zone in zones where !seen.insert(zone.edge.rawValue).inserted {
            throw ZoneSyntaxError("two zones at the \(zone.edge.rawValue) edge (one zone an edge, at most \(maximumZones))")
        }
        return zones
    }

    /// What was written, made safe and short enough to quote in one line.
    static func quoted(_ text: String) -> String {
        let cut = text.unicodeScalars.count > 64 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(64))) + "…" : text
        return TerminalText.visible(cut)
    }
}
