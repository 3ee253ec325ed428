import Glibc
import Testing
@testable import MarqueeApp

/// The four feed formats read into what the sign shows (docs/feeds.md,
/// "Parsing"), through the real expat.
@Suite("Feed parser: the four formats")
struct FeedParserTests {
    static func parse(_ text: String, items: Int = FeedLimits.items) throws -> (FeedDocument, FeedFormat) {
        try FeedParser.parse(Array(text.utf8), maximumItems: items)
    }

    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel>
            <title>Shop &amp; News</title>
            <ttl>30</ttl>
            <item>
              <title>Opening hours changed</title>
              <description><![CDATA[<p>From <b>Monday</b> we open at 8&nbsp;am.</p><script>alert(1)</script>]]></description>
              <guid isPermaLink="false">item-1</guid>
              <dc:creator>Ann</dc:creator>
            </item>
            <item>
              <title>Sale: 20 % off</title>
              <link>https://example.org/sale</link>
              <description>Everything &lt;i&gt;must&lt;/i&gt; go</description>
            </item>
            <item><title>שלום עולם</title><link>/relative</link></item>
            <item><description>no title: not shown</description></item>
          </channel>
        </rss>
        """

    @Test("RSS 2.0: titles, descriptions as text, guid or absolute link or title as the key, the ttl")
    func rss2() throws {
        let (feed, format) = try Self.parse(Self.rss)
        #expect(format == .rss)
        #expect(feed.title == "Shop & News")
        #expect(feed.ttlMinutes == 30)
        #expect(feed.items == [
            FeedItem(title: "Opening hours changed", summary: "From Monday we open at 8 am.", key: "item-1"),
            FeedItem(title: "Sale: 20 % off", summary: "Everything must go", key: "https://example.org/sale"),
            FeedItem(title: "שלום עולם", summary: "", key: "שלום עולם"),
        ])
    }

    @Test("RSS 1.0 (RDF): items beside the channel, in the RSS 1.0 namespace")
    func rdf() throws {
        let (feed, format) = try Self.parse("""
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
              <channel rdf:about="https://example.org/"><title>Lab notes</title></channel>
              <item rdf:about="https://example.org/1"><title>First</title><link>https://example.org/1</link>
                <description>One &amp; only</description></item>
              <item rdf:about="https://example.org/2"><title>Second</title></item>
            </rdf:RDF>
            """)
        #expect(format == .rdf)
        #expect(feed.title == "Lab notes")
        #expect(feed.items.map(\.title) == ["First", "Second"])
        #expect(feed.items[0].summary == "One & only")
        #expect(feed.items[0].key == "https://example.org/1")
    }

    @Test("Atom: type html and xhtml become text, summary before content, the alternate link, id as the key")
    func atom() throws {
        let (feed, format) = try Self.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title type="html">CI &lt;b&gt;builds&lt;/b&gt;</title>
              <entry>
                <title type="text">a &lt;b&gt; tag, kept as text</title>
                <id>urn:uuid:1</id>
                <link rel="self" href="https://example.org/self"/><link href="https://example.org/1"/>
                <summary type="html">&lt;em&gt;green&lt;/em&gt;</summary>
                <content>ignored: a summary was given</content>
              </entry>
              <entry>
                <title>Build 42 failed</title>
                <link rel="alternate" href="https://example.org/42"/>
                <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>step <b>test</b></p></div></content>
              </entry>
            </feed>
            """)
        #expect(format == .atom)
        #expect(feed.title == "CI builds")
        #expect(feed.items == [
            FeedItem(title: "a <b> tag, kept as text", summary: "green", key: "urn:uuid:1"),
            FeedItem(title: "Build 42 failed", summary: "step test", key: "https://example.org/42"),
        ])
    }

    @Test("JSON Feed 1.1: title or the first line of content_text, summary, content_html as HTML")
    func jsonFeed() throws {
        let (feed, format) = try Self.parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Booth",
             "items": [
               {"id": "1", "title": "Talk at 3pm", "summary": "Room B"},
               {"id": "2", "content_text": "A post with no title\\nand a second line"},
               {"id": "3", "title": "HTML", "content_html": "<p>bold &amp; <b>brave</b></p>"},
               {"id": "4"}, "not an object"
             ]}
            """)
        #expect(format == .jsonFeed)
        #expect(feed.title == "Booth")
        #expect(feed.items == [
            FeedItem(title: "Talk at 3pm", summary: "Room B", key: "1"),
            FeedItem(title: "A post with no title", summary: "", key: "2"),
            FeedItem(title: "HTML", summary: "bold & brave", key: "3"),
        ])
        #expect(throws: FeedError.self) { try Self.parse(#"{"items": []}"#) }
        #expect(throws: FeedError.self) { try Self.parse(#"{"version": "https://jsonfeed.org/version/1.1", "items": "#) }
    }

    @Test("the items asked for are kept, in the feed's order, and never more than the cap")
    func itemCaps() throws {
        let many = "<rss><channel>" + (0..<10_000).map { "<item><title>n\($0)</title></item>" }.joined() + "</channel></rss>"
        #expect(try Self.parse(many, items: 5).0.items.map(\.title) == ["n0", "n1", "n2", "n3", "n4"])
        #expect(try Self.parse(many, items: 1_000_000).0.items.count == FeedLimits.items)
    }

    @Test("a document read in chunks of any size reads as the whole")
    func chunked() throws {
        let bytes = Array(Self.rss.utf8)
        let whole = try Self.parse(Self.rss).0
        for size in [1, 2, 7, 64] {
            let reader = FeedXMLReader(maximumItems: 10)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                try bytes[start..<end].withUnsafeBytes { try reader.parse($0, final: end == bytes.count) }
                start = end
            }
            #expect(reader.document == whole, "chunks of \(size)")
        }
    }

    @Test("titles lose HTML, control characters (escaped as HTML: XML forbids them) and bidi controls, and are cut with an ellipsis")
    func hostileText() throws {
        let long = String(repeating: "x", count: 5_000)
        let (feed, _) = try Self.parse("""
            <rss><channel><item><title>&lt;script&gt;alert(1)&lt;/script&gt;A&amp;#x1B;[31mB&#x202E;C&amp;#7;D
            E</title><description>\(long)</description></item><item><title>\(long)</title></item></channel></rss>
            """)
        #expect(feed.items[0].title == "A[31mBCD E")
        #expect(feed.items[0].summary.count == FeedLimits.summaryCharacters)
        #expect(feed.items[0].summary.hasSuffix("…"))
        #expect(feed.items[1].title.count == FeedLimits.titleCharacters)
    }
}
