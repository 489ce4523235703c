import AlmanacCore
import AlmanacModel
import AlmanacRender
import AlmanacTestSupport
import Testing

/// What every format shows of a page besides its rows is decided once, in the render stage:
/// the model holds the settings' text, not filled-in templates or HTML.
@Suite struct PageViewTests {
    static func page(header: String? = nil, footer: String? = nil, prose: String = "") throws -> Page {
        var settings = PageSettings()
        settings.header = header
        settings.footer = footer
        let records = ["Apple", "Avocado", "Banana"].map { Record(fields: Object([.init(name: "name", value: .string($0))]), location: SourceLocation(path: "x.csv")) }
        let outline = prose.isEmpty ? Prose.empty : Prose(markdown: prose, headings: [], isEmpty: false)
        return try PageBuilder().build(.init(name: "t", settings: settings, prose: outline, data: .rows(records), source: SourceLocation(path: "t.md"))).page
    }

    @Test func footersAreFilledInOncePerSection() throws {
        let view = PageView(try Self.page(header: "{{^count}}none{{/count}}", footer: "{{count}} item{{^isOne}}s{{/isOne}} in {{title}}"))
        #expect(view.footers == ["2 items in A", "1 item in B"])
        #expect(view.headers == [nil, nil], "text that comes out empty is no header")
    }

    @Test func proseIsRenderedSafelyUnlessThePageOptsIn() throws {
        let prose = "Hi <script>x()</script> [a](javascript:alert(1))\n"
        let safe = PageView(try Self.page(prose: prose)).prose
        #expect(!safe.html.contains("<script>") && !safe.html.contains("javascript:"))
        #expect(!safe.markdown.contains("<script>"))
        #expect(ProseText(Prose(markdown: prose, headings: [], isEmpty: false), allowsUnsafe: true).html.contains("<script>"))
    }
}
