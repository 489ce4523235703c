import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// `records:` names where a document keeps its records; without it, a file that merely wraps
/// one list (iso-codes' `{"3166-1": [...]}`) reads as one pre-grouped section in file order,
/// which is now a warning naming the setting.
@Suite struct RecordsPathTests {
    static func site(_ settings: String, data: String = #"{"3166-1": [{"name": "Belgium"}, {"name": "Aruba"}, {"name": "Austria"}]}"#) -> MemoryFileSystem {
        InlineSite.page("countries", data: "countries.json", settings: settings, text: data)
    }

    static func sections(_ fileSystem: MemoryFileSystem) -> [String] {
        (fileSystem.text("Output/countries.html") ?? "").matches(of: /<h2 class="section-header">([^<]*)/).map { String($0.1) }
    }

    @Test func aWrapperReadAsOneSectionIsAWarningNamingTheSetting() throws {
        let fileSystem = Self.site("group: first-letter")
        let report = try SiteBuilderTests.build(fileSystem)
        #expect(report.warnings.map(\.message) == ["the data is an object of lists, read as one pre-grouped section, '3166-1': 'group' is not applied"])
        #expect(report.warnings.first?.hint == "if the records are the list in '3166-1', say so with records: 3166-1")
        #expect(report.warnings.first?.location?.line == 3)
        #expect(Self.sections(fileSystem) == ["3166-1"])
    }

    @Test func recordsNamesTheListAndThePageGroupsIt() throws {
        let fileSystem = Self.site("records: 3166-1")
        #expect(try SiteBuilderTests.build(fileSystem).warnings.isEmpty)
        #expect(Self.sections(fileSystem) == ["A", "B"])
    }

    @Test func aKeyPathReachesNestedRecords() throws {
        let fileSystem = Self.site("records: data.items", data: #"{"meta": {"v": 1}, "data": {"items": [{"name": "Chile"}, {"name": "Cuba"}]}}"#)
        #expect(try SiteBuilderTests.build(fileSystem).rowCount == 2)
        #expect(Self.sections(fileSystem) == ["C"])
    }

    @Test func aStepTheFileDoesNotHaveIsAnErrorAtTheSetting() {
        let error = diagnostic { _ = try SiteBuilderTests.build(Self.site("records: 3166")) }
        #expect(error?.message == "'records' names '3166', but the file has no '3166'")
        #expect(error?.hint == "did you mean '3166-1'?")
        #expect(error?.location?.line == 3)
        let deeper = diagnostic { _ = try SiteBuilderTests.build(Self.site("records: 3166-1.x")) }
        #expect(deeper?.message == "'records' names '3166-1.x', but '3166-1' is an array, not an object")
    }

    @Test func realSectionsSayNothingAndRecordsInACSVDoesNothing() throws {
        let grouped = Self.site("", data: #"{"Fruit": [{"name": "Apple"}], "Vegetables": [{"name": "Leek"}]}"#)
        #expect(try SiteBuilderTests.build(grouped).warnings.isEmpty)
        let csv = InlineSite.fileSystem("-- Content/c.md --\n---\ndata: c.csv\nrecords: items\n---\n-- Content/c.csv --\nname\nA\n")
        #expect(try SiteBuilderTests.build(csv).warnings.map(\.message) == ["'records' has no effect: this data file is one list of records"])
    }
}

/// A page says how its CSV or TSV table is written; the build and the editors read it so.
@Suite struct TableSettingsTests {
    static let settings = "comment: \"#\"\ncolumns: [codes, coordinates, TZ, comments]\nshort_rows: empty\nlabel: TZ"

    @Test func aZoneTableBuildsFromThePagesSettings() throws {
        let fileSystem = InlineSite.page("zones", data: "zone1970.tab", settings: Self.settings, text: TableOptionsFixture.zones)
        let report = try SiteBuilderTests.build(fileSystem)
        #expect(report.rowCount == 3 && report.warnings.isEmpty)
        #expect(fileSystem.text("Output/zones.html")?.contains("Antarctica/Casey") == true)
    }

    @Test func tableSettingsOnADocumentHaveNoEffectAndSaySo() throws {
        let fileSystem = InlineSite.page("p", data: "p.json", settings: "comment: \"#\"\nshort_rows: empty", text: #"[{"name": "A"}]"#)
        #expect(try SiteBuilderTests.build(fileSystem).warnings.map(\.message) == [
            "'comment' has no effect: it says how a CSV or TSV file is written",
            "'short_rows' has no effect: it says how a CSV or TSV file is written",
        ])
    }
}

enum TableOptionsFixture {
    static let zones = "# tzdb\n#codes\tcoordinates\tTZ\tcomments\nAD\t+4230+00131\tEurope/Andorra\nAE,OM\t+2518+05518\tAsia/Dubai\tCrozet\nAQ\t-6617+11031\tAntarctica/Casey\t\"Casey\" station"
}
