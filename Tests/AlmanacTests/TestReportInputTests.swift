@testable import Almanac
import AlmanacCore
import AlmanacModel
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
