/// Turns what a feed says into one line of plain text for the sign: HTML
/// tags dropped (and the text of `<script>` and `<style>`), character
/// references decoded, every run of white space and line breaks one
/// space, control characters gone, cut to a length with an ellipsis.
/// A feed's text is untrusted: nothing of it reaches the terminal but
/// through here and then the sanitizer every message passes.
///
/// ```swift
/// FeedText.plain("<p>Tom &amp; Jerry&#x21;</p>\n<b>now</b>", html: true, limit: 80)  // "Tom & Jerry! now"
/// FeedText.plain("a <b> tag", html: false, limit: 80)                                 // "a <b> tag"
/// ```
enum FeedText {
    /// `text` as one line of at most `limit` characters; `html` when it is
    /// markup (an RSS description, an Atom `type="html"`), not text.
    static func plain(_ text: String, html: Bool, limit: Int) -> String {
        let scalars = html ? stripMarkup(text.unicodeScalars) : Array(text.unicodeScalars)
        var line = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in scalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !line.isEmpty
                continue
            }
            // C0, DEL and C1 controls, and the bidi embedding, override and
            // isolate controls: the sign orders text itself (FriBidi).
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                continue
            }
            if pendingSpace { line.append(" ") }
            pendingSpace = false
            line.append(scalar)
        }
        return cut(String(line), limit: limit)
    }

    /// The first `limit` characters of `text`, the last of them an ellipsis
    /// when it was longer.
    static func cut(_ text: String, limit: Int) -> String {
        guard limit > 0 else { return "" }
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        guard end < text.endIndex else { return text }
        return String(text[..<text.index(before: end)]) + "…"
    }

    /// Elements whose text is not shown (a script in a description).
    private static let hiddenElements: Set<String> = ["script", "style"]

    /// The text of HTML markup: tags and comments dropped, a tag taken as a
    /// space (`a<br>b` is two words), references decoded. Malformed markup
    /// (a `<` never closed) ends the text there, as a browser would.
    private static func stripMarkup(_ html: String.UnicodeScalarView) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(html.count)
        var index = html.startIndex
        var hiddenUntil: String?
        while index < html.endIndex {
            let scalar = html[index]
            if scalar == "<" {
                guard let close = html[index...].firstIndex(of: ">") else { break }
                let tag = String(html[html.index(after: index)..<close])
                let name = tagName(tag)
                if let hidden = hiddenUntil {
                    if name == "/" + hidden {
                        hiddenUntil = nil
                        out.append(" ")
                    }
                } else if hiddenElements.contains(name) {
                    hiddenUntil = name
                } else if !tag.hasPrefix("!--") || tag.hasSuffix("--") {
                    out.append(" ")
                } else {
                    // A comment with a `>` inside: skip to its real end.
                    guard let end = html[close...].indexOfSequence("-->") else { break }
                    out.append(" ")
                    index = end
                    continue
                }
                index = html.index(after: close)
                continue
            }
            if hiddenUntil == nil {
                if scalar == "&", let (decoded, next) = reference(in: html, at: index) {
                    out.append(decoded)
                    index = next
                    continue
                }
                out.append(scalar)
            }
            index = html.index(after: index)
        }
        return out
    }

    /// A tag's name, lowercased, `/` first for a closing tag: `p`, `/p`,
    /// `br` of `br/`; "" for a comment or a declaration.
    private static func tagName(_ tag: String) -> String {
        let closing = tag.hasPrefix("/")
        let name = (closing ? tag.dropFirst() : Substring(tag)).prefix { $0.isLetter || $0.isNumber }
        return (closing ? "/" : "") + name.lowercased()
    }

    /// The character an HTML reference at `index` (`&amp;`, `&#233;`,
    /// `&#xE9;`) stands for, and where the text goes on after it; nil when
    /// it is not one (the `&` is then text).
    private static func reference(in html: String.UnicodeScalarView, at index: String.UnicodeScalarView.Index)
        -> (Unicode.Scalar, String.UnicodeScalarView.Index)? {
        var end = html.index(after: index)
        var body = ""
        var length = 0
        // The longest reference decoded is 8 characters (`#x10FFFF`, `hellip`).
        while end < html.endIndex, html[end] != ";", length < 10 {
            body.unicodeScalars.append(html[end])
            end = html.index(after: end)
            length += 1
        }
        guard end < html.endIndex, html[end] == ";" else { return nil }
        let next = html.index(after: end)
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { ($0, next) }
        }
        if body.hasPrefix("#") {
            return UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { ($0, next) }
        }
        return namedReferences[body].map { ($0, next) }
    }

    /// The named references feeds use (HTML has 2,231; a feed's escaped
    /// HTML uses a handful): any other stays as it is written.
    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "hellip": "…", "copy": "©", "reg": "®", "trade": "™",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "middot": "·", "bull": "•", "laquo": "«",
        "raquo": "»", "times": "×", "divide": "÷", "eacute": "é", "egrave": "è", "agrave": "à", "uuml": "ü",
        "ouml": "ö", "auml": "ä", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ",
    ]
}

private extension Substring.UnicodeScalarView {
    /// Where `needle` ends in this view (the index after its last scalar).
    func indexOfSequence(_ needle: String) -> Index? {
        let pattern = Array(needle.unicodeScalars)
        var index = startIndex
        while index < endIndex {
            var probe = index, matched = 0
            while matched < pattern.count, probe < endIndex, self[probe] == pattern[matched] {
                probe = self.index(after: probe)
                matched += 1
            }
            if matched == pattern.count { return probe }
            index = self.index(after: index)
        }
        return nil
    }
}
