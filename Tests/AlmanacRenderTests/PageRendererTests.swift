import AlmanacCore
import AlmanacModel
import AlmanacRender
import AlmanacTemplate
import AlmanacTestSupport
import Foundation
import Testing

@Suite struct PageRendererTests {
    /// The default templates, read from the package's Templates/ folder.
    static let templates: [String: String] = {
        var files: [String: String] = [:]
        let root = PackagePaths.root + "/Templates"
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".mustache") {
                files[path] = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
            }
        }
        return files
    }()

    static func renderer(overrides: [String: String] = [:]) -> PageRenderer {
        PageRenderer(
            library: TemplateLibrary(overrides: overrides, overrideRoot: "Templates", defaults: templates),
            site: SiteInfo(title: "Site", stylesheet: "assets/almanac.css", script: "assets/almanac.js"))
    }

    static func page(_ labels: [String], fields: [String] = [], footer: String? = nil, prose: Prose = .empty, title: String = "Things") throws -> Page {
        var settings = PageSettings()
        settings.data = "x.csv"
        settings.title = title
        settings.fields = fields
        settings.footer = footer
        let records = labels.map { label in
            Record(fields: Object([.init(name: "name", value: .string(label)), .init(name: "note", value: .string("n|" + label))]), location: SourceLocation(path: "x.csv"))
        }
        return try PageBuilder().build(.init(name: "things", settings: settings, prose: prose, data: .rows(records), source: SourceLocation(path: "things.md"))).page
    }

    /// The build writes the JSON twin a piece at a time; the pieces are the same bytes.
    @Test func theJSONTwinInPiecesIsTheSameAsWhole() throws {
        let page = try Self.page((0..<500).map { "Row \($0)" }, fields: ["note"])
        var pieces: [[UInt8]] = []
        try PageJSON.write(page, view: PageView(page), chunkSize: 4096) { pieces.append($0) }
        #expect(pieces.count > 5)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 4096 && $0.count < 8192 })
        #expect(Array(pieces.joined()) == PageJSON.bytes(for: page, view: PageView(page)))
    }

    @Test func markdownHasTitleIndexSectionsAndFooters() throws {
        let page = try Self.page(["Apple", "Avocado", "Banana"], footer: "{{count}} item{{^isOne}}s{{/isOne}}")
        let markdown = try Self.renderer().renderMarkdown(page)
        #expect(markdown == """
            # Things

            [A](#a) · [B](#b)

            ## A

            - Apple
            - Avocado

            *2 items*

            ## B

            - Banana

            *1 item*

            """)
    }

    @Test func fieldsMakeATableWithEscapedCells() throws {
        let markdown = try Self.renderer().renderMarkdown(try Self.page(["*star*"], fields: ["note"]))
        #expect(markdown.contains("| Name | Note |\n| --- | --- |\n| \\*star\\* | n\\|\\*star\\* |\n"))
    }

    @Test func otherSectionGetsAnExplicitAnchorThatTheIndexLinks() throws {
        let markdown = try Self.renderer().renderMarkdown(try Self.page(["3M", "Apple"]))
        #expect(markdown.contains("[A](#a) · [\\#](#other)"))
        #expect(markdown.contains("<a id=\"other\"></a>\n\n## \\#\n"))
    }

    @Test func proseComesBeforeTheIndex() throws {
        let prose = Prose(markdown: "Some *prose*.\n", headings: [], isEmpty: false)
        let markdown = try Self.renderer().renderMarkdown(try Self.page(["Apple"], prose: prose))
        #expect(markdown.hasPrefix("# Things\n\nSome *prose*.\n\n"))
    }

    @Test func hostileTitleIsEscaped() throws {
        let markdown = try Self.renderer().renderMarkdown(try Self.page(["x"], title: "<img src=x onerror=alert(1)>"))
        #expect(markdown.hasPrefix("# \\<img src=x onerror=alert(1)\\>\n"))
    }

    @Test func siteTemplateOverridesOnePiece() throws {
        let renderer = Self.renderer(overrides: ["partials/row.md.mustache": "**{{label}}**"])
        let markdown = try renderer.renderMarkdown(try Self.page(["Apple"]))
        #expect(markdown.contains("- **Apple**\n"))
    }

    /// HTML and Markdown decide whether there is an index by one rule (`PageView`).
    @Test(arguments: [
        (["Apple", "Avocado"], PageSettings.IndexMode.letters, false), (["Apple", "Banana"], .letters, true),
        (["Apple", "Avocado"], .full, true), (["Apple", "Banana"], .off, false),
    ])
    func htmlAndMarkdownAgreeOnTheIndex(labels: [String], mode: PageSettings.IndexMode, hasIndex: Bool) throws {
        do {
            var page = try Self.page(labels)
            var settings = page.settings
            settings.index = mode
            page = try PageBuilder().build(.init(
                name: "things", settings: settings, prose: .empty,
                data: .rows(page.sections.flatMap(\.rows).map(\.record)), source: SourceLocation(path: "things.md"))).page
            let files = try Self.renderer().render(PageOutputs(page: page, paths: PagePaths(page: page, inputKey: "test")))
            let html = String(decoding: try #require(files.first { $0.path == "things.html" }).bytes, as: UTF8.self)
            let markdown = String(decoding: try #require(files.first { $0.path == "things.md" }).bytes, as: UTF8.self)
            #expect(html.contains("aria-label=\"Section index\"") == hasIndex, "\(labels)")
            #expect(markdown.contains("[A](#a)") == hasIndex, "\(labels)")
        }
    }

    @Test func everyFormatShowsTheSameFooterText() throws {
        let page = try Self.page(["Apple", "Avocado"], footer: "{{count}} <fruit> & more")
        let markdown = try Self.renderer().renderMarkdown(page)
        let outputs = PageOutputs(page: page, paths: PagePaths(page: page, inputKey: "test"))
        let files = try Self.renderer().render(outputs)
        let html = String(decoding: try #require(files.first { $0.path == "things.html" }).bytes, as: UTF8.self)
        let jsonFile = try #require(files.first { $0.path == "things.json" })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(jsonFile.bytes)) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(markdown.contains(#"*2 \<fruit\> \& more*"#))
        #expect(html.contains(#"<footer class="section-footer" data-count-one="1 &lt;fruit&gt; &amp; more" data-count-many="2147483647 &lt;fruit&gt; &amp; more">2 &lt;fruit&gt; &amp; more</footer>"#))
        #expect(sections.first?["footer"] as? String == "2 <fruit> & more")
    }

    @Test func jsonHoldsSectionsAndRows() throws {
        let page = try Self.page(["Banana", "Apple"], footer: "{{count}} here")
        let artifacts = try Self.renderer().render(PageOutputs(page: page, paths: PagePaths(page: page, inputKey: "test"), formats: [.json]))
        #expect(artifacts.map(\.path) == ["things.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(artifacts[0].bytes)) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["id"] as? String } == ["a", "b"])
        #expect(sections[0]["footer"] as? String == "1 here")
        let rows = try #require(sections[0]["rows"] as? [[String: Any]])
        #expect(rows[0]["label"] as? String == "Apple")
        #expect((rows[0]["fields"] as? [String: Any])?["note"] as? String == "n|Apple")
    }

    @Test func homeListsPagesWithRowCounts() throws {
        var settings = PageSettings()
        settings.title = "Home"
        let home = try PageBuilder().build(.init(name: "index", settings: settings, prose: .empty, data: nil, source: SourceLocation(path: "index.md"))).page
        let rendered = try Self.renderer().renderHome(home, pages: [
            PageSummary(name: "states", title: "States", rowCount: 50), PageSummary(name: "one", title: "One", rowCount: 1),
        ], format: .markdown)
        let markdown = rendered.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(rendered?.path == "index.md")
        #expect(markdown == "# Home\n\n- [States](states.md) — 50 rows\n- [One](one.md) — 1 row\n")
    }
}

@Suite struct FieldLabelTests {
    @Test(arguments: [("wingspan_cm", "Wingspan cm"), ("firstName", "First name"), ("name", "Name"), ("URL", "URL"), ("top-speed", "Top speed")])
    func aFieldWithoutALabelIsNamedReadably(field: String, label: String) {
        #expect(PageSettings().label(for: field) == label)
    }

    /// `labels:` names a field everywhere a reader sees it: Markdown headings, rows, detail pages, JSON.
    @Test func labelsNameFieldsInEveryFormat() throws {
        var settings = PageSettings()
        settings.fields = ["wingspan_cm", "family"]
        settings.labels = ["wingspan_cm": "Wingspan (cm)"]
        settings.hasDetailPages = true
        settings.grouping = .none
        let record = Record(fields: Object([
            .init(name: "name", value: .string("Robin")), .init(name: "wingspan_cm", value: .number(Number(22))), .init(name: "family", value: .string("Thrushes")),
        ]), location: SourceLocation(path: "b.csv"))
        let page = try PageBuilder().build(.init(name: "birds", settings: settings, prose: .empty, data: .rows([record]), source: SourceLocation(path: "b.md"))).page
        let renderer = PageRendererTests.renderer()
        let files = try renderer.render(PageOutputs(page: page, paths: PagePaths(page: page, inputKey: "k")))
        let text = { (path: String) in String(decoding: files.first { $0.path == path }?.bytes ?? [], as: UTF8.self) }
        #expect(text("birds.md").contains("| Name | Wingspan (cm) | Family |"))
        #expect(text("birds.html").contains(#"<span class="field" data-field="wingspan_cm" data-label="Wingspan (cm)">22</span>"#))
        #expect(text("birds/robin.html").contains("<dt>Wingspan (cm)</dt>"))
        #expect(text("birds.json").contains(#""labels": {"# + "\n" + #"    "name": "Name",\#n    "wingspan_cm": "Wingspan (cm)",\#n    "family": "Family"\#n  },"#))
    }
}
