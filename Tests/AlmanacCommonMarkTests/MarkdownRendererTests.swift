import AlmanacCommonMark
import Testing

@Suite struct MarkdownRendererTests {
    @Test func rendersProseToHTML() {
        let rendered = MarkdownRenderer().render("Hello *world*.\n")
        #expect(rendered.html == "<p>Hello <em>world</em>.</p>\n")
    }

    @Test func safeModeDropsRawHTMLFromBothOutputs() {
        let rendered = MarkdownRenderer().render("Hi <script>alert(1)</script> there\n\n<div onclick=\"x()\">block</div>\n")
        #expect(!rendered.html.contains("<script"))
        #expect(!rendered.html.contains("onclick"))
        #expect(!rendered.markdown.contains("<script"))
        #expect(!rendered.markdown.contains("onclick"))
        #expect(rendered.markdown.contains("Hi"))
    }

    @Test func safeModeEmptiesJavascriptLinks() {
        let rendered = MarkdownRenderer().render("[click](javascript:alert(1)) and ![i](data:image/svg+xml;base64,AAAA)\n")
        #expect(!rendered.html.contains("javascript:"))
        #expect(!rendered.markdown.contains("javascript:"))
        #expect(!rendered.html.contains("data:image/svg"))
    }

    @Test func safeLinksSurvive() {
        let rendered = MarkdownRenderer().render("[a](https://example.com) [b](other.html#x) [c](mailto:x@example.com)\n")
        #expect(rendered.html.contains("href=\"https://example.com\""))
        #expect(rendered.html.contains("href=\"other.html#x\""))
        #expect(rendered.html.contains("href=\"mailto:x@example.com\""))
    }

    @Test func unsafeOptInKeepsRawHTML() {
        let rendered = MarkdownRenderer(allowsUnsafe: true).render("<b>bold</b>\n")
        #expect(rendered.html.contains("<b>bold</b>"))
        #expect(rendered.markdown.contains("<b>bold</b>"))
    }

    @Test func collectsHeadingTextForAnchors() {
        let rendered = MarkdownRenderer().render("# Intro\n\nText\n\n## Using `code` *here*\n")
        #expect(rendered.headings == ["Intro", "Using code here"])
    }

    @Test func htmlAloneMatchesTheFullRenderingAndIsAsSafe() {
        let source = "# Title\n\n[click](javascript:alert(1)) <script>x()</script> *fine* [ok](https://example.com)\n"
        let html = MarkdownRenderer().html(source)
        #expect(html == MarkdownRenderer().render(source).html)
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<script"))
        #expect(html.contains("<em>fine</em>"))
    }

    @Test func smartPunctuationIsOff() {
        #expect(MarkdownRenderer().render("\"quoted\" -- dash\n").html == "<p>&quot;quoted&quot; -- dash</p>\n")
    }
}

@Suite struct URLSafetyTests {
    @Test(arguments: [
        ("https://example.com", true), ("http://x", true), ("page.html", true), ("#anchor", true), ("/abs/path", true),
        ("javascript:alert(1)", false), ("JavaScript:alert(1)", false), (" javascript:x", false), ("vbscript:x", false),
        ("file:///etc/passwd", false), ("a/b:c", true), ("mailto:a@b", true),
    ])
    func linkSchemes(url: String, isSafe: Bool) {
        #expect(URLSafety.isSafe(url) == isSafe)
    }

    @Test func dataURLsOnlyForRasterImages() {
        #expect(URLSafety.isSafe("data:image/png;base64,AAAA", isImage: true))
        #expect(!URLSafety.isSafe("data:image/png;base64,AAAA", isImage: false))
        #expect(!URLSafety.isSafe("data:image/svg+xml,<svg/>", isImage: true))
        #expect(!URLSafety.isSafe("data:text/html,<b>", isImage: true))
    }
}
