import Testing
@testable import MarqueeApp

/// HTML in a feed becomes one line of text (`FeedText`).
@Suite("Feed text")
struct FeedTextTests {
    @Test("tags are spaces, references decode, scripts and comments vanish, white space collapses",
          arguments: [
              ("<p>Tom &amp; Jerry&#x21;</p>\n<b>now</b>", "Tom & Jerry! now"),
              ("a<br>b", "a b"),
              ("x<script>var a = '<b>';</script>y", "x y"),
              ("x<!-- a > b -->y", "x y"),
              ("&unknown; &#xZZ; & alone", "&unknown; &#xZZ; & alone"),
              ("&#233;t&eacute;", "été"),
              ("cut <unclosed", "cut"),
              ("  \t spaced\n\nout  ", "spaced out"),
          ])
    func html(_ input: String, _ expected: String) {
        #expect(FeedText.plain(input, html: true, limit: 100) == expected)
    }

    @Test("plain text keeps its angle brackets; cutting counts characters")
    func plainAndCut() {
        #expect(FeedText.plain("a <b> tag", html: false, limit: 80) == "a <b> tag")
        #expect(FeedText.cut("héllo wörld", limit: 5) == "héll…")
        #expect(FeedText.cut("short", limit: 5) == "short")
        #expect(FeedText.cut("x", limit: 0) == "")
    }

    @Test("a long run of markup is read in time that follows its length")
    func linear() {
        let hostile = String(repeating: "<a", count: 50_000) + ">" + String(repeating: "&amp", count: 50_000)
        #expect(FeedText.plain(hostile, html: true, limit: 10).count <= 10)
    }
}
