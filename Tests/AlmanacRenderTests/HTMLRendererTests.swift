import AlmanacCore
import AlmanacModel
import AlmanacRender
import AlmanacTemplate
import AlmanacTestSupport
import Foundation
import FoundationXML
import Testing

/// The HTML contract, checked by parsing the output (the templates write HTML that is also
/// well-formed XML, so XPath can ask the questions a test would).
@Suite struct HTMLRendererTests {
    static let site = SiteInfo(
        title: "Site", stylesheet: "assets/almanac.1.css", script: "assets/almanac.2.js", staticFiles: ["pics/ok.svg"])

    static func render(
        _ records: [[String: Value]], _ configure: (inout PageSettings) -> Void = { _ in }, prose: Prose = .empty, formats: [OutputFormat] = [.html]
    ) throws -> [String: String] {
        var settings = PageSettings()
        settings.data = "x.json"
        settings.title = "Things"
        configure(&settings)
        let rows = records.map { fields in
            Record(fields: Object(fields.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) }), location: SourceLocation(path: "x.json"))
        }
        let page = try PageBuilder().build(.init(name: "things", settings: settings, prose: prose, data: .rows(rows), source: SourceLocation(path: "things.md"))).page
        let renderer = PageRenderer(
            library: TemplateLibrary(overrides: [:], overrideRoot: "", defaults: PageRendererTests.templates), site: site)
        let artifacts = try renderer.render(PageOutputs(page: page, paths: PagePaths(page: page, inputKey: "test"), formats: formats))
        return Dictionary(uniqueKeysWithValues: artifacts.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    static func document(_ html: String) throws -> XMLDocument {
        try XMLDocument(data: Data(html.utf8), options: [])
    }

    static func strings(_ document: XMLDocument, _ xpath: String) throws -> [String] {
        try document.nodes(forXPath: xpath).map { $0.stringValue ?? "" }
    }

    /// The search data a split page's file finds as the browser does: through the entry it
    /// names, which names this build's data file.
    static func splitSearchData(_ files: [String: String], page path: String) throws -> String {
        let page = try document(try #require(files[path]))
        let named = try #require(try strings(page, "//main/@data-search-src").first)
        #expect(try strings(page, "//main/@data-search-entry") == ["true"])
        #expect(named.hasSuffix("assets/search-things.js"), "the name a page holds does not change with the data")
        let entry = try #require(files["assets/search-things.js"])
        let file = try #require(entry.split(separator: "\"file\":\"").last?.split(separator: "\"").first)
        #expect(file.hasPrefix("assets/search-things.") && file != "assets/search-things.js")
        return try #require(files[String(file)])
    }

    static let fruit: [[String: Value]] = [
        ["name": .string("Banana"), "colour": .string("yellow")],
        ["name": .string("Apple"), "colour": .string("red")],
        ["name": .string("Avocado"), "colour": .string("green")],
        ["name": .string("3-in-1 Oil"), "colour": .string("none")],
    ]

    @Test func sectionsIndexAndRowsFollowTheContract() throws {
        let files = try Self.render(Self.fruit, { $0.fields = ["colour"]; $0.footer = "{{count}} fruit" })
        let page = try Self.document(try #require(files["things.html"]))
        let ids = try Self.strings(page, "//section/@id")
        #expect(ids == ["a", "b", "other"])
        #expect(try Self.strings(page, "//nav[@aria-label='Section index']//a/@href") == ids.map { "#" + $0 })
        #expect(try Self.strings(page, "//section/*[self::h1 or self::h2 or self::h3][1]") == ["A", "B", "#"])
        #expect(try Self.strings(page, "//section[@id='a']//li//*[@class='label']") == ["Apple", "Avocado"])
        #expect(try Self.strings(page, "//section[@id='a']//footer") == ["2 fruit"])
        #expect(try Self.strings(page, "//section[@id='a']//li//*[@data-field='colour']") == ["red", "green"])
        #expect(try page.nodes(forXPath: "//form[@role='search']//input[@type='search']").count == 1)
        #expect(try Self.strings(page, "//h1") == ["Things"])
    }

    @Test func fullIndexShowsEmptyLettersDisabled() throws {
        let files = try Self.render(Self.fruit) { $0.index = .full }
        let page = try Self.document(try #require(files["things.html"]))
        #expect(try Self.strings(page, "//nav[@aria-label='Section index']//span[@aria-disabled='true']").contains("C"))
        #expect(try page.nodes(forXPath: "//section").count == 3, "empty letters get no section")
        #expect(try page.nodes(forXPath: "//nav[@aria-label='Section index']//li").count == 27)
    }

    @Test func hostileDataIsEscapedInEveryContext() throws {
        let evil = "<script>alert(1)</script>\"'&"
        let files = try Self.render([
            ["name": .string(evil), "pic": .string("javascript:alert(1)"), "note": .string("</script><b>")],
            ["name": .string("ok"), "pic": .string("pics/ok.svg")],
            ["name": .string("missing"), "pic": .string("pics/missing.svg")],
        ], { $0.image = "pic"; $0.fields = ["note"]; $0.hasDetailPages = true })
        let html = try #require(files["things.html"])
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<b>"))
        let page = try Self.document(html)
        #expect(try Self.strings(page, "//li//*[@class='label']").contains(evil), "text survives escaping intact")
        #expect(try Self.strings(page, "//img/@src") == ["pics/ok.svg"], "unsafe and missing pictures are left out")
        #expect(try Self.strings(page, "//img/@alt") == [""], "a row's picture is not named again beside its label")
        let search = try #require(files.first { $0.key.hasPrefix("assets/search-things.") }?.value)
        #expect(!search.contains("</script>") && !search.contains("<"))
        let detail = try #require(files.first { $0.key.hasPrefix("things/") && $0.value.contains("alert") }?.value)
        #expect(try Self.strings(try Self.document(detail), "//h1") == [evil])
    }

    @Test func pagesCarryNoInlineScriptOrHandlers() throws {
        let files = try Self.render(Self.fruit) { $0.hasDetailPages = true; $0.isCollapsible = true }
        for (path, text) in files where path.hasSuffix(".html") {
            let page = try Self.document(text)
            // The page's words are data (`application/json`), which no browser runs.
            #expect(try page.nodes(forXPath: "//script[not(@src) and not(@type='application/json')]").isEmpty, "\(path)")
            #expect(try page.nodes(forXPath: "//@*[starts-with(name(), 'on')]").isEmpty, "\(path)")
            #expect(try page.nodes(forXPath: "//@style").isEmpty, "\(path)")
            #expect(try Self.strings(page, "//script/@src").allSatisfy { !$0.contains("//") }, "no third-party scripts")
        }
    }

    @Test func detailPagesLinkBackAndToTheirNeighbours() throws {
        let files = try Self.render(Self.fruit) { $0.hasDetailPages = true; $0.fields = ["colour"] }
        let listing = try Self.document(try #require(files["things.html"]))
        #expect(try Self.strings(listing, "//section[@id='a']//li/a/@href") == ["things/apple.html", "things/avocado.html"])
        let apple = try Self.document(try #require(files["things/apple.html"]))
        #expect(try Self.strings(apple, "//h1") == ["Apple"])
        #expect(try Self.strings(apple, "//a[contains(@class, 'back')]/@href") == ["../things.html#a"])
        #expect(try Self.strings(apple, "//a[@rel='next']/@href") == ["avocado.html"])
        #expect(try apple.nodes(forXPath: "//a[@rel='prev']").isEmpty)
        #expect(try Self.strings(apple, "//dl/dt") == ["Colour"])
        #expect(try Self.strings(apple, "//dl/dd") == ["red"])
        #expect(try Self.strings(apple, "//link[@rel='stylesheet']/@href") == ["../assets/almanac.1.css"])
    }

    @Test func markdownFieldsRenderSafelyOnDetailPages() throws {
        let files = try Self.render([["name": .string("x"), "about": .string("Some *text* <script>x</script> [l](javascript:y)")]]) {
            $0.hasDetailPages = true
            $0.markdownFields = ["about"]
        }
        let detail = try #require(files["things/x.html"])
        #expect(detail.contains("<em>text</em>"))
        #expect(!detail.contains("<script>x") && !detail.contains("javascript:"))
    }

    @Test func accessoryShowsACheckmarkForTrue() throws {
        let files = try Self.render([["name": .string("a"), "seen": .bool(true)], ["name": .string("b"), "seen": .bool(false)]]) {
            $0.accessory = "seen"
            $0.grouping = .none
        }
        let page = try Self.document(try #require(files["things.html"]))
        #expect(try page.nodes(forXPath: "//li[.//*[@class='label']='a']//*[contains(@class, 'checkmark')]").count == 1)
        #expect(try page.nodes(forXPath: "//li[.//*[@class='label']='b']//*[contains(@class, 'checkmark')]").isEmpty)
    }

    /// The page's script makes each such heading a button; without scripts there is none.
    @Test func collapsibleHeadersNameTheRowsTheyFoldAndAreNoButtonsYet() throws {
        let files = try Self.render(Self.fruit) { $0.isCollapsible = true }
        let page = try Self.document(try #require(files["things.html"]))
        #expect(try page.nodes(forXPath: "//section//button").isEmpty)
        let controls = try Self.strings(page, "//section/h2/@data-collapses")
        #expect(controls == ["rows-a", "rows-b", "rows-other"])
        for id in controls { #expect(try page.nodes(forXPath: "//*[@id='\(id)']//li").count >= 1) }
    }

    @Test func searchDataHasOneFoldedLinePerRowInPageOrder() throws {
        let files = try Self.render([["name": .string("Côte d'Ivoire"), "capital": .string("Yamoussoukro")], ["name": .string("Ørsted")]]) {
            $0.grouping = .none
            $0.search = .fields(["name", "capital"])
        }
        let script = try #require(files.first { $0.key.hasPrefix("assets/search-things.") }?.value)
        #expect(script.contains(#"["cote d'ivoire\u0001yamoussoukro","#))
        #expect(script.contains(#""orsted\u0001"]"#))
    }

    @Test func largeTableSplitsIntoAPagePerSection() throws {
        let files = try Self.render(Self.fruit) {
            $0.splitThreshold = 2
            $0.hasDetailPages = true
        }
        #expect(files.keys.filter { $0.contains("/sections/") }.sorted() == [
            "things/sections/a.html", "things/sections/b.html", "things/sections/other.html",
        ])
        let front = try Self.document(try #require(files["things.html"]))
        #expect(try front.nodes(forXPath: "//li[contains(@class, 'row')]").isEmpty)
        #expect(try Self.strings(front, "//ul[@class='section-directory']//a/@href") == [
            "things/sections/a.html#a", "things/sections/b.html#b", "things/sections/other.html#other",
        ])
        let section = try Self.document(try #require(files["things/sections/a.html"]))
        #expect(try Self.strings(section, "//section/@id") == ["a"])
        #expect(try Self.strings(section, "//section//li//a/@href") == ["../../things/apple.html", "../../things/avocado.html"])
        #expect(try Self.strings(section, "//nav[@aria-label='Section index']//a/@href").first == "../../things/sections/a.html#a")
        #expect(try Self.strings(section, "//link[@rel='stylesheet']/@href") == ["../../assets/almanac.1.css"])
        let detail = try Self.document(try #require(files["things/apple.html"]))
        #expect(try Self.strings(detail, "//a[contains(@class, 'back')]/@href") == ["../things/sections/a.html#a"])
        let search = try Self.splitSearchData(files, page: "things/sections/a.html")
        #expect(search.contains(#""hrefs":["things/apple.html""#))
    }

    @Test func aLongSectionOfASplitPageIsCutIntoPagesNamedByGuideWords() throws {
        let names = ["Aaron", "Abbey", "Abbott", "Azure", "Bell"].map { ["name": Value.string($0)] }
        let files = try Self.render(names) {
            $0.splitThreshold = 2
            $0.sectionPageRows = 2
            $0.footer = "{{count}} names"
        }
        let first = try Self.document(try #require(files["things/sections/a.html"]))
        let second = try Self.document(try #require(files["things/sections/a.2.html"]))
        #expect(try Self.strings(first, "//li[contains(@class,'row')]//span[@class='label']") == ["Aaron", "Abbey"])
        #expect(try Self.strings(second, "//li[contains(@class,'row')]//span[@class='label']") == ["Abbott", "Azure"])
        #expect(try Self.strings(second, "//nav[@class='section-parts']//a") == ["Aaron–Abbey", "Abbott–Azure"])
        #expect(try Self.strings(second, "//nav[@class='section-parts']//a[@aria-current='page']/@href") == ["a.2.html"])
        #expect(try Self.strings(second, "//title").first?.hasPrefix("A (Abbott–Azure) · Things") == true)
        // Reading order: the first page leads on to the second, the second to B; the footer
        // closes the section's last page only.
        #expect(try Self.strings(first, "//a[@rel='next']/@href") == ["a.2.html"])
        #expect(try Self.strings(second, "//a[@rel='next']/@href") == ["b.html"])
        #expect(try Self.strings(try Self.document(try #require(files["things/sections/b.html"])), "//a[@rel='prev']/@href") == ["a.2.html"])
        #expect(try Self.strings(first, "//footer[@class='section-footer']").isEmpty)
        #expect(try Self.strings(second, "//footer[@class='section-footer']") == ["4 names"])
        // The front lists both pages; search results lead to the page that shows the row.
        let front = try Self.document(try #require(files["things.html"]))
        #expect(try Self.strings(front, "//span[@class='directory-parts']/a/@href") == ["things/sections/a.html", "things/sections/a.2.html"])
        let search = try Self.splitSearchData(files, page: "things.html")
        #expect(search.contains(#""things/sections/a.2.html#row-abbott""#))
    }

    @Test func veryLargeTableShardsItsSearchByWordPrefix() throws {
        let files = try Self.render(Self.fruit) {
            $0.splitThreshold = 2
            $0.searchShardThreshold = 2
        }
        let shards = files.keys.filter { $0.hasPrefix("assets/search-things/") }.sorted()
        // Words: banana yellow, apple red, avocado green, 3 in 1 oil none → keys by first three
        // letters; shorter words are shards of their own, marked as whole words.
        let keys = shards.map { path -> String in
            let hex = String(path.split(separator: "/").last?.split(separator: "-").first ?? "")
            let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { offset -> UInt8? in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Every leaf is a row or two: one pack holds them all, beside the lists of words.
        #expect(keys.filter { !$0.hasPrefix("~") } == ["#0"])
        let manifest = try Self.splitSearchData(files, page: "things.html")
        #expect(manifest.contains(#""sharded":true"#))
        for key in ["1$", "3$", "app", "avo", "ban", "gre", "in$", "non", "oil", "red", "yel"] {
            #expect(manifest.contains("\"\(key)\":[1,0]"), "\(key)")
        }
        let pack = try #require(files["assets/search-things/2330-0.js"])
        #expect(pack.hasPrefix(#"document.dispatchEvent(new CustomEvent("almanac:data",{detail:["shard","things/#0/0",JSON.parse('[[0,"#))
        // The name and the colour are two fields: a quoted phrase does not run from one into the other.
        #expect(pack.contains(#"[0,"apple | red","Apple",0,"things/sections/a.html#row-apple"]"#))
        #expect(pack.components(separatedBy: "\"Apple\"").count == 2, "a row in two leaves of a pack is in it once")
    }

    /// A leaf of more pages than one has its rows alone in a file of their own, as differences:
    /// what the filters read of a search for its one word.
    @Test func aShardedLeafOfSeveralPagesListsItsRowsAlone() throws {
        let labs = (0..<230).map { ["name": Value.string(["Alder", "Birch", "Cedar"][$0 % 3] + " \($0) Labs")] }
        let files = try Self.render(labs) {
            $0.splitThreshold = 2
            $0.searchShardThreshold = 2
        }
        let manifest = try Self.splitSearchData(files, page: "things.html")
        #expect(manifest.contains(#""lab":230"#), "one leaf of 230 rows: three pages")
        let rows = try #require(files["assets/search-things/6c6162-rows.js"])
        let head = #"document.dispatchEvent(new CustomEvent("almanac:data",{detail:["shard","things/lab/rows",JSON.parse('["#
        #expect(rows.hasPrefix(head))
        let differences = rows.dropFirst(head.count).dropLast(9).split(separator: ",").compactMap { Int($0) }
        #expect(differences.count == 230)
        #expect(differences.reduce(0, +) == 229, "every row, ascending, the first from 0")
        #expect(files.keys.filter { $0.hasSuffix("-rows.js") } == ["assets/search-things/6c6162-rows.js"], "a leaf of one page has none")
    }

    /// The words a typo may stand for: a list for each first letter and length, named in the
    /// manifest, with no number and no word shorter than three letters.
    @Test func aShardedSearchListsItsWordsByFirstLetterAndLength() throws {
        let files = try Self.render(Self.fruit) {
            $0.splitThreshold = 2
            $0.searchShardThreshold = 2
        }
        let manifest = try Self.splitSearchData(files, page: "things.html")
        #expect(manifest.contains(#""vocabulary":{"a5":[1,0],"a7":[1,0],"b6":[1,1],"g5":[1,2],"n4":[1,3],"o3":[1,4],"r3":[1,5],"y6":[1,6]}"#))
        // The lists of `a` share one file: the shard of key `~0`, page 0.
        let a = try #require(files["assets/search-things/7e30-0.js"])
        #expect(a == #"document.dispatchEvent(new CustomEvent("almanac:data",{detail:["shard","things/~0/0",JSON.parse('[["apple",1],["avocado",1]]')]}));"# + "\n")
        #expect(!manifest.contains(#""i2""#), "`in` is too short to be near another word")
    }


    @Test func textOfSeveralLinesKeepsItsLinesOnADetailPage() throws {
        let files = try Self.render([["name": .string("t"), "details": .string("line one\n  <indented>"), "note": .string("one line")]]) {
            $0.hasDetailPages = true
        }
        let detail = try #require(files["things/t.html"])
        #expect(detail.contains("<dd><pre tabindex=\"0\">line one\n  &lt;indented&gt;</pre></dd>"))
        #expect(detail.contains("<dd>one line</dd>"))
    }

    @Test func theHTMLPageLinksOnlyToTheFormatsWrittenBesideIt() throws {
        let alone = try Self.render(Self.fruit)
        #expect(alone.keys.filter { !$0.hasPrefix("assets/") } == ["things.html"])
        #expect(try Self.document(try #require(alone["things.html"])).nodes(forXPath: "//p[@class='twins']").isEmpty)
        let withMarkdown = try Self.render(Self.fruit, formats: [.html, .markdown])
        let page = try Self.document(try #require(withMarkdown["things.html"]))
        #expect(try Self.strings(page, "//p[@class='twins']") == ["Also as Markdown."])
        #expect(try Self.strings(page, "//p[@class='twins']/a/@href") == ["things.md"])
        let all = try Self.document(try #require(try Self.render(Self.fruit, formats: OutputFormat.all)["things.html"]))
        #expect(try Self.strings(all, "//p[@class='twins']/a/@href") == ["things.md", "things.json", "things.csv", "things.ndjson"])
        #expect(try Self.strings(all, "//p[@class='twins']") == ["Also as Markdown, JSON, CSV, and NDJSON."])
    }

    @Test func smallTableStaysOnePage() throws {
        let files = try Self.render(Self.fruit) { $0.splitThreshold = 4 }
        #expect(!files.keys.contains { $0.contains("/sections/") })
    }

    @Test func searchOffLeavesNoSearchForm() throws {
        let files = try Self.render(Self.fruit) { $0.search = .off }
        #expect(!(try #require(files["things.html"])).contains("role=\"search\""))
        #expect(!files.keys.contains { $0.hasPrefix("assets/search-") })
    }
}

/// The filter panel, Sort by and the table layout as the build writes them.
@Suite struct BrowseHTMLTests {
    static let shops: [[String: Value]] = [
        ["name": .string("Birch"), "city": .string("Berlin"), "staff": .number(Number(12))],
        ["name": .string("Acme"), "city": .string("Paris"), "staff": .number(Number(120))],
        ["name": .string("Cobalt"), "city": .string("Berlin"), "staff": .number(Number(7))],
    ]

    /// Hidden until the script shows it: without scripts it could do nothing.
    @Test func thePanelListsValuesWithCountsAndEachRowItsValuesAndRanks() throws {
        let files = try HTMLRendererTests.render(Self.shops) { settings in
            settings.filters = [FilterSpec(field: "city", kind: .values), FilterSpec(field: "staff", kind: .range)]
            settings.sortable = ["staff"]
            settings.fields = ["city", "staff"]
        }
        let page = try HTMLRendererTests.document(try #require(files["things.html"]))
        #expect(try HTMLRendererTests.strings(page, "//div[@class='browse']/@hidden") == ["hidden"])
        #expect(try HTMLRendererTests.strings(page, "//fieldset[@data-filter='city']//input/@value") == ["Berlin", "Paris"])
        #expect(try HTMLRendererTests.strings(page, "//fieldset[@data-filter='city']//span[@class='filter-count']") == ["2", "1"])
        #expect(try HTMLRendererTests.strings(page, "//fieldset[@data-filter='staff']//input/@placeholder") == ["7", "120"])
        #expect(try HTMLRendererTests.strings(page, "//select[@class='sort-control']/option/@value") == ["", "name", "-name", "staff", "-staff"])
        #expect(try HTMLRendererTests.strings(page, "//li[@class='row']/@data-f") == ["1 120", "0 12", "0 7"])
        #expect(try HTMLRendererTests.strings(page, "//li[@class='row']/@data-s") == ["0 2", "1 1", "2 0"])
    }

    @Test func aTableHasAColumnPerFieldAndATbodyPerSection() throws {
        let files = try HTMLRendererTests.render(Self.shops) { settings in
            settings.layout = .table
            settings.grouping = .field("city")
            settings.fields = ["staff", "city"]
            settings.sortable = ["staff"]
        }
        let page = try HTMLRendererTests.document(try #require(files["things.html"]))
        #expect(try HTMLRendererTests.strings(page, "//table//thead//th") == ["Name", "Staff", "City"])
        #expect(try HTMLRendererTests.strings(page, "//table//thead//th/@data-sort") == ["name", "staff"])
        #expect(try HTMLRendererTests.strings(page, "//table//thead//th[@class='numeric']") == ["Staff"])
        #expect(try HTMLRendererTests.strings(page, "//table/tbody/@id") == ["berlin", "paris"])
        #expect(try HTMLRendererTests.strings(page, "//tbody[@id='berlin']/tr[@class='section-heading']/th") == ["Berlin"])
        #expect(try HTMLRendererTests.strings(page, "//tbody[@id='berlin']/tr[@class='row']/th") == ["Birch", "Cobalt"])
        #expect(try HTMLRendererTests.strings(page, "//tbody[@id='berlin']/tr[@class='row']/td[@class='numeric']") == ["12", "7"])
        #expect(try HTMLRendererTests.strings(page, "//section").isEmpty)
    }
}
