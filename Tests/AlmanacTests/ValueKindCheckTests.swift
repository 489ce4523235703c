import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// A value that cannot be what its column is, in a field the page sorts or groups by, moves
/// its row silently: each is a warning at its line, an error under `--strict`.
@Suite struct ValueKindCheckTests {
    static func site(_ settings: String, rows: [String]) -> MemoryFileSystem {
        InlineSite.page("states", data: "states.csv", settings: settings, text: (["name,order,admitted"] + rows).joined(separator: "\n"))
    }

    static func found(_ report: BuildReport) -> [String] {
        report.warnings.map { "\($0.location?.line ?? 0): \($0.message)" }.sorted()
    }

    @Test func textInANumberColumnThatThePageSortsByIsAWarningAtItsLine() throws {
        let report = try SiteBuilderTests.build(Self.site("sort: order", rows: [
            "Ohio,17,1803-03-01", "Utah,ten,1896-01-04", "Iowa,29,1846-12-28", "Maine,,1820-03-15",
        ]))
        #expect(Self.found(report) == ["3: 'ten' in 'order' is text, where the column's other values are numbers: the row sorts apart from them"])
        #expect(diagnostic { _ = try SiteBuilderTests.build(Self.site("sort: order", rows: ["Ohio,17,", "Utah,ten,", "Iowa,29,"]), strict: true) } != nil)
    }

    @Test func aValueThatIsNotADateInAFieldGroupedByYearIsAWarning() throws {
        let report = try SiteBuilderTests.build(Self.site("group: year:admitted", rows: [
            "Ohio,17,1803-03-01", "Utah,45,1803-13-45", "Iowa,29,1846-12-28", "Maine,23,",
        ]))
        #expect(Self.found(report) == ["3: '1803-13-45' in 'admitted' is not a date: the row is listed under '(none)'"])
    }

    @Test func aDateColumnSortedWithANumberInItIsAWarning() throws {
        let report = try SiteBuilderTests.build(Self.site("sort: -admitted", rows: [
            "Ohio,17,1803-03-01", "Utah,45,1896", "Iowa,29,1846-12-28",
        ]))
        #expect(Self.found(report) == ["3: '1896' in 'admitted' is a number, where the column's other values are dates: the row sorts apart from them"])
    }

    @Test func manyMisfitsReportTheFirstFiveAndACount() throws {
        let rows = ["First,1,1803-03-01"] + (1...11).map { "State \($0),\($0),x" } + (1...3).map { "Other \($0),n\($0),1900" }
        let report = try SiteBuilderTests.build(Self.site("sort: order\ngroup: year:admitted", rows: rows))
        #expect(report.warnings.count == 3 + 6)
        #expect(report.warnings.contains { $0.message == "6 more rows hold values in 'admitted' that do not fit the column" && $0.location?.line == 4 })
    }

    @Test func textColumnsAndConsistentColumnsSayNothing() throws {
        let rows = ["Ohio,17,1803-03-01", "Utah,45,1896-01-04", "Iowa,29,1846-12-28", "Maine,,"]
        #expect(try SiteBuilderTests.build(Self.site("sort: [order, name]\ngroup: year:admitted", rows: rows)).warnings.isEmpty)
    }

    /// Any column, sorted by or not: a row already in the file that does not fit is reported,
    /// and `--strict` refuses the build.
    @Test func aMisfitInAnyTypedColumnIsAWarningAndAnErrorUnderStrict() throws {
        let rows = ["Ohio,17,1803-03-01", "Utah,45,1896-01-04", "Iowa,29,maybe", "Maine,23,1820-03-15"]
        let report = try SiteBuilderTests.build(Self.site("", rows: rows))
        #expect(Self.found(report) == ["4: 'maybe' in 'admitted' is text, where the column's other values are dates"])
        let strict = diagnostic { _ = try SiteBuilderTests.build(Self.site("", rows: rows), strict: true) }
        #expect(strict?.severity == .error && strict?.location?.line == 4)
    }
}
