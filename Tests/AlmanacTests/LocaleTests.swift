import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// A page speaks its locale: the words around the data come from the locale's strings table
/// (with the site's own over it), the page says its language and direction, and a locale that
/// cannot be what the author meant stops the build at its line.
@Suite struct LocaleTests {
    static func site(yaml: String, page: String = "", more: String = "") -> MemoryFileSystem {
        InlineSite.page(
            "birds", data: "birds.csv", settings: page, text: "name,seen\nWren,true\nRobin,false",
            more: "-- Content/almanac.yaml --\n" + yaml + "\n" + more)
    }

    static func output(_ fileSystem: MemoryFileSystem, _ path: String) -> String {
        String(decoding: fileSystem.tree("Output")[path] ?? [], as: UTF8.self)
    }

    @Test func anUnknownSiteLocaleIsAnErrorAtItsLineThatSuggestsTheNearestLocale() {
        let error = diagnostic { _ = try SiteBuilderTests.build(Self.site(yaml: "title: Birds\nlocale: swedish")) }
        #expect(error?.severity == .error)
        #expect(error?.location?.path == "Content/almanac.yaml" && error?.location?.line == 2)
        #expect(error?.hint == "did you mean 'sv' (Swedish)?")
        let klingon = diagnostic { _ = try SiteBuilderTests.build(Self.site(yaml: "locale: klingon")) }
        #expect(klingon?.message == "unknown locale 'klingon': ICU has no data for it")
    }

    @Test func anUnknownPageLocaleIsAnErrorAtItsLineInTheFrontMatter() {
        let error = diagnostic { _ = try SiteBuilderTests.build(Self.site(yaml: "title: Birds", page: "locale: tlh")) }
        #expect(error.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" } == "Content/birds.md:3")
    }

    @Test func aLocaleWithoutAStringsTableIsAWarningThatThePageIsInEnglish() throws {
        let report = try SiteBuilderTests.build(Self.site(yaml: "title: Birds", page: "locale: ka"))
        #expect(report.warnings.map(\.message) == ["no strings table for 'ka': the words around the data are in English"])
        #expect(try SiteBuilderTests.build(Self.site(yaml: "locale: sv", page: "locale: pt-BR")).warnings.isEmpty)
    }

    @Test func aPageSpeaksItsLocale() throws {
        let fileSystem = Self.site(yaml: "title: Birds", page: "locale: sv\nfields: [seen]")
        _ = try SiteBuilderTests.build(fileSystem)
        let page = Self.output(fileSystem, "birds.html")
        #expect(page.contains(#"<html lang="sv">"#))
        #expect(page.contains(#"placeholder="Sök bland 2 rader""#))
        #expect(page.contains(">Avbryt</button>"))
        #expect(page.contains(#">Finns även som <a href="birds.md">Markdown</a>, <a href="birds.json">JSON</a>"#))
        // The home page is in the site's locale, English here.
        #expect(Self.output(fileSystem, "index.html").contains(">2 rows</span>"))
    }

    /// A date reads as the page's locale writes it in rows, on detail pages, in the Markdown
    /// and in what search finds; the JSON keeps the data's text, and `raw` keeps it on the page.
    @Test func datesReadInThePagesLocaleAndTheJSONKeepsTheData() throws {
        func build(_ settings: String) throws -> (MemoryFileSystem, [Diagnostic]) {
            let fileSystem = InlineSite.page(
                "birds", data: "birds.csv", settings: "locale: sv\nfields: [seen]\ndetail: true\n" + settings,
                text: "name,seen\nWren,2024-03-09\nRobin,2023-11-20", more: "-- Content/almanac.yaml --\ntitle: Birds\n")
            return (fileSystem, try SiteBuilderTests.build(fileSystem).warnings)
        }
        let (fileSystem, warnings) = try build("search: [name, seen]")
        #expect(warnings.isEmpty)
        #expect(Self.output(fileSystem, "birds.html").contains(#"data-value="2024-03-09">9 mars 2024<"#))
        #expect(Self.output(fileSystem, "birds/wren.html").contains(">9 mars 2024<"))
        #expect(Self.output(fileSystem, "birds.md").contains("9 mars 2024"))
        #expect(Self.output(fileSystem, "birds.json").contains(#""2024-03-09""#))
        #expect(!Self.output(fileSystem, "birds.json").contains("mars"))
        let search = fileSystem.tree("Output").first { $0.key.hasPrefix("assets/search-birds") }.map { String(decoding: $0.value, as: UTF8.self) }
        #expect(search?.contains("9 mars 2024") == true)

        let (raw, _) = try build("formats: {seen: raw}")
        #expect(Self.output(raw, "birds.html").contains(">2024-03-09<"))
        #expect(!Self.output(raw, "birds.html").contains("mars"))

        let (_, noEffect) = try build("formats: {name: raw}")
        #expect(noEffect.map(\.message) == ["'formats' sets 'name' to raw, but none of its values is one it changes"])
        #expect(noEffect.first?.location?.line == 6)
    }

    /// A test report speaks its locale too: its summary line, the tables of where the time
    /// went, their headings, and the Markdown's own words.
    @Test func aTestReportIsInItsLocale() throws {
        let sample = PackagePaths.root + "/Tests/Samples/pytest/pytest-xunit1.xml"
        let fileSystem = MemoryFileSystem(["r.xml": String(decoding: try DiskFileSystem().read(sample), as: UTF8.self)])
        var options = SinglePageRenderer.Options(dataPath: "r.xml")
        options.locale = "de"
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let html = try #require(fileSystem.text("Output/r.html"))
        #expect(html.contains(#"<p class="test-summary">5 Tests: 1 fehlgeschlagen, 1 Fehler, 1 übersprungen, 2 bestanden · 2 ms</p>"#))
        #expect(html.contains("<summary>Langsamste Tests</summary>"))
        #expect(html.contains(#"<th scope="col">Test</th><th scope="col">Zeit</th>"#))
        #expect(!html.contains("Slowest") && !html.contains(">Time<"))
        // Its sections are the outcomes in German, still marked by what they are; the data
        // keeps its own words.
        #expect(html.contains(#"<section id="fehlgeschlagen" class="section" data-status="failed">"#))
        #expect(html.contains(#"<section id="übersprungen" class="section" data-status="skipped">"#))
        #expect(try #require(fileSystem.text("Output/r.json")).contains(#""failed""#))
        // The status filter shows the same words; the address keeps the data's.
        #expect(html.contains(#"<input type="checkbox" value="failed" data-v="#))
        #expect(html.contains(#"<span class="filter-value">fehlgeschlagen</span>"#))
        // The report's own fields are named in German too.
        #expect(html.contains(#"data-field="message" data-label="Meldung""#))
        let markdown = try #require(fileSystem.text("Output/r.md"))
        #expect(markdown.contains("**5 Tests: 1 fehlgeschlagen, 1 Fehler, 1 übersprungen, 2 bestanden · 2 ms**"))
        #expect(markdown.contains("| Test | Zeit |"))
        // A field the options name keeps that name; the others are still German.
        options.settings["labels"] = "time=Dauer"
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let relabelled = try #require(fileSystem.text("Output/r.html"))
        #expect(relabelled.contains(#"data-field="time" data-label="Dauer""#) && relabelled.contains(#"data-label="Meldung""#))
    }

    @Test func aRightToLeftPageSaysSo() throws {
        let fileSystem = Self.site(yaml: "locale: ar")
        _ = try SiteBuilderTests.build(fileSystem)
        let page = Self.output(fileSystem, "birds.html")
        #expect(page.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(page.contains("ابحث في صفين"))
        #expect(Self.output(fileSystem, "index.html").contains("صفان"))
    }

    @Test func theSitesStringsAreOverEveryTableAndTheirMistakesAreWarnings() throws {
        let fileSystem = Self.site(yaml: "locale: de\nstrings:\n  cancel: Schließen\n  cancle: Zu\n  rows: {one: \"{count} Vogel\", other: \"{count} Vögel\"}")
        let report = try SiteBuilderTests.build(fileSystem)
        let page = Self.output(fileSystem, "birds.html")
        #expect(page.contains(">Schließen</button>"))
        #expect(page.contains(">Keine Ergebnisse</p>"))
        #expect(Self.output(fileSystem, "index.html").contains(">2 Vögel</span>"))
        #expect(report.warnings.map(\.message) == ["'cancle' is not a word Almanac puts on a page: it has no effect"])
        #expect(report.warnings.first?.hint == "did you mean 'cancel'?")
        #expect(report.warnings.first?.location?.line == 2)
    }

    @Test func aSitesOwnTableIsReadKeyByKeyOverTheBuiltInOne() throws {
        let table = "-- Templates/strings/sv.yaml --\ncancel: Stäng\nrows:\n  one: \"{count} fågel\"\n  other: \"{count} fåglar\"\n  few: \"{count} fåglar\"\nno_results: \"Inga {things}\"\n"
        let fileSystem = Self.site(yaml: "locale: sv", more: table)
        let report = try SiteBuilderTests.build(fileSystem)
        #expect(Self.output(fileSystem, "birds.html").contains(">Stäng</button>"))
        #expect(Self.output(fileSystem, "index.html").contains(">2 fåglar</span>"))
        #expect(Self.output(fileSystem, "birds.html").contains(#"placeholder="Sök bland 2 rader""#))
        #expect(report.warnings.map(\.message).sorted() == [
            "'no_results' names {things}, which it never fills in", "'rows' has few forms, which sv never uses",
        ])
        #expect(report.warnings.allSatisfy { $0.location?.path == "Templates/strings/sv.yaml" })
    }

    @Test func aStringsTableThatCannotBeReadStopsTheBuildAtItsLine() {
        let error = diagnostic { _ = try SiteBuilderTests.build(Self.site(yaml: "locale: sv", more: "-- Templates/strings/sv.yaml --\nrows:\n  one: \"{count} fågel\"\n")) }
        #expect(error?.message == "'rows' has no 'other' form")
        #expect(error?.location?.line == 1)
    }
}
