@testable import Almanac
@testable import AlmanacReports
import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// A report's title and columns come from its tests.
@Suite struct TestReportInputTests {
    @Test func theTitleIsTheRunsOwnNameWhenEveryFileAgrees() {
        #expect(TestReportInput.title(["pytest tests"]) == "pytest tests")
        #expect(TestReportInput.title(["pytest tests", "pytest tests"]) == "pytest tests")
        #expect(TestReportInput.title(["com.acme.ATest", "com.acme.BTest"]) == "Test report")
        #expect(TestReportInput.title([nil]) == "Test report")
        #expect(TestReportInput.title([]) == "Test report")
    }

    @Test func columnsThatSayTheSameOnEveryRowAreLeftOut() {
        let records = [("pytest", "failed", "0.1"), ("pytest", "passed", "0.2")].map { suite, status, time in
            var fields = Object()
            fields.set("suite", .string(suite))
            fields.set("status", .string(status))
            fields.set("time", .number(Number(text: time, value: Double(time) ?? 0)))
            fields.set("message", .null)
            return Record(fields: fields, location: SourceLocation(path: "r.xml"))
        }
        let fields = ["suite", "status", "time", "message"]
        #expect(TestReportInput.fields(fields, records: records, grouping: .field("status")) == ["time"])
        #expect(TestReportInput.fields(fields, records: records, grouping: .none) == ["status", "time"])
        #expect(TestReportInput.fields(fields, records: [], grouping: .none) == [])
    }
}

/// A report's filter panel and Sort by, chosen from its tests.
@Suite struct TestReportBrowsingTests {
    static func html(_ xml: String) throws -> String {
        let fileSystem = try SinglePageRendererTests.render(["junit.xml": xml], ["junit.xml"]) { $0.formats = [.html] }
        return try #require(fileSystem.text("Output/junit.html"))
    }

    @Test func aReportFiltersByStatusAndSuiteAndSortsByTime() throws {
        let html = try Self.html("""
            <testsuites><testsuite name="a"><testcase classname="a" name="t1" time="0.5"><failure message="no"/></testcase>
            <testcase classname="a" name="t2" time="0.1"/></testsuite>
            <testsuite name="b"><testcase classname="b" name="t3" time="2"/></testsuite></testsuites>
            """)
        #expect(html.contains(#"<fieldset class="filter" data-filter="status" data-kind="values">"#))
        #expect(html.contains(#"<fieldset class="filter" data-filter="suite" data-kind="values">"#))
        #expect(html.contains(#"<option value="-time">Time, highest first</option>"#))
    }

    /// A filter with one value would offer nothing to choose.
    @Test func aSuiteEveryTestSharesIsNoFilter() throws {
        let html = try Self.html("""
            <testsuite name="a"><testcase classname="a" name="t1" time="0.5"><failure message="no"/></testcase>
            <testcase classname="a" name="t2" time="0.1"/></testsuite>
            """)
        #expect(html.contains(#"data-filter="status""#))
        #expect(!html.contains(#"data-filter="suite""#))
    }

    /// A report split into section pages filters by status across every section page, from
    /// the filter data written beside it.
    @Test func aSplitReportFiltersByStatusFromItsFilterData() throws {
        let fileSystem = MemoryFileSystem(["junit.xml": """
            <testsuites><testsuite name="a"><testcase classname="a" name="t1" time="0.5"><failure message="no"/></testcase>
            <testcase classname="a" name="t2" time="0.1"/></testsuite><testsuite name="b"><testcase classname="b" name="t3"/></testsuite></testsuites>
            """])
        var options = SinglePageRenderer.Options(dataPaths: ["junit.xml"])
        options.settings = ["split": "1"]
        options.formats = [.html]
        let run = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        #expect(run.warnings.isEmpty, "\(run.warnings.map(\.message))")
        let html = try #require(fileSystem.text("Output/junit.html"))
        #expect(html.contains(#"data-filter="status""#))
        #expect(html.contains(#"data-browse-src="assets/browse-junit.js""#))
        #expect(fileSystem.text("Output/assets/browse-junit.js")?.contains("assets/browse-junit.") == true)
    }
}
