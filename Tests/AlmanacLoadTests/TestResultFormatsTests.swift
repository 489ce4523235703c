import AlmanacCore
@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

/// Results from runners other than JUnit's, each read by its own reader into the records a
/// JUnit report makes, from the sample files in `Tests/Samples`.
@Suite struct TestResultFormatsTests {
    func read(_ sample: String) throws -> TestResults {
        let path = PackagePaths.root + "/Tests/Samples/" + sample
        let bytes = try DiskFileSystem().read(path)
        #expect(TestResultsReader.recognizes(bytes, path: path))
        var warnings: [Diagnostic] = []
        let results = try TestResultsReader.read(bytes, path: path, warnings: &warnings)
        #expect(warnings.isEmpty)
        return results
    }

    /// `name → status` for every test, in file order.
    func statuses(_ records: [Record]) -> [String] {
        records.map { "\($0["name"]?.text ?? "?") → \($0["status"]?.text ?? "?")" }
    }

    func text(_ record: Record, _ field: String) -> String? {
        record[field].flatMap { $0 == .null ? nil : $0.text }
    }

    @Test func nunit3() throws {
        let records = try read("dotnet/TestResult.xml").records
        #expect(statuses(records) == [
            "Adds → passed", "Divides → failed", "OpensTheLedger → error", "PrintsInvoices → skipped", "Rounds(2.5d,2) → passed",
        ])
        #expect(records.allSatisfy { text($0, "classname") == "Acme.Tests.CalcTests" && text($0, "suite") == "Acme.Tests.CalcTests" })
        #expect(text(records[1], "message") == "Expected: 3\n  But was:  4", "the case's own failure, not its assertions' copy")
        #expect(text(records[1], "details") == "at Acme.Tests.CalcTests.Divides() in /src/Acme.Tests/CalcTests.cs:line 21")
        #expect(text(records[1], "output") == "dividing 7 by 2")
        #expect(text(records[1], "time") == "0.021")
        #expect(text(records[3], "message") == "not on CI")
    }

    @Test func xunit2() throws {
        let records = try read("dotnet/xunit.xml").records
        #expect(statuses(records) == [
            "fixture-cleanup Acme.Tests.LedgerFixture → error", "Adds → passed", "Divides → failed", "OpensTheLedger → error",
            "PrintsInvoices → skipped", "Rounds half to even → passed",
        ])
        #expect(text(records[0], "message") == "System.IO.IOException : the ledger file is still open")
        #expect(text(records[0], "suite") == "Acme.Tests", "an assembly's own error belongs to the assembly")
        #expect(text(records[2], "message") == "Assert.Equal() Failure\nExpected: 3\nActual:   4")
        #expect(text(records[3], "message") == "System.InvalidOperationException : ledger is locked", "an exception is an error")
        #expect(text(records[4], "message") == "not on CI")
        #expect(text(records[2], "classname") == "Acme.Tests.CalcTests")
    }

    @Test func trx() throws {
        let records = try read("dotnet/results.trx").records
        #expect(statuses(records) == ["Adds → passed", "Divides → failed", "OpensTheLedger → error", "PrintsInvoices → skipped"])
        #expect(records.allSatisfy { text($0, "classname") == "Acme.Tests.CalcTests" }, "from the definitions after the results")
        #expect(text(records[2], "time") == "1.5" && text(records[2], "message") == "Test 'OpensTheLedger' exceeded execution timeout period.")
        #expect(text(records[1], "details") == "at Acme.Tests.CalcTests.Divides() in /src/Acme.Tests/CalcTests.cs:line 21")
        #expect(text(records[1], "output") == "dividing 7 by 2")
    }

    @Test func ctrf() throws {
        let results = try read("ctrf/ctrf-report.json")
        let records = results.records
        #expect(results.name == "jest tests")
        #expect(statuses(records) == [
            "adds → passed", "divides → failed", "reads the clock → passed", "prints invoices → skipped", "talks to the ledger → other",
        ])
        #expect(text(records[0], "suite") == "calc › arithmetic" && text(records[0], "file") == "src/calc.test.js" && text(records[0], "line") == "4")
        #expect(text(records[1], "time") == "0.004")
        #expect(text(records[2], "attempts") == "passed on attempt 3 of 3" && records[2]["flaky"] == .bool(true))
        #expect(text(records[2], "output") == "attempt 3")
    }

    @Test func gotestsum() throws {
        let records = try read("go/gotestsum.xml").records
        #expect(statuses(records) == [
            "TestDivide → failed", "TestTable/#00 → failed", "TestTable/#01 → failed", "TestTable → failed", "TestPrintsInvoices → skipped",
            "TestAdd → passed",
        ])
        #expect(text(records[0], "message") == "Divide(7, 2) = 4, want 3", "the line t.Errorf printed, not 'Failed'")
        #expect(text(records[3], "message") == "Failed", "a parent with nothing of its own to say")
        #expect(text(records[4], "message") == "not on CI")
    }

    @Test func jestJUnit() throws {
        let results = try read("jest/junit.xml")
        #expect(results.name == "jest tests")
        #expect(text(results.records[1], "message") == "Error: expect(received).toBe(expected) // Object.is equality", "the text's first line")
    }

    /// NUnit 2 and other XML keep a clear error; a JSON file that is not CTRF is data.
    @Test func otherFilesAreNotTestResults() {
        var warnings: [Diagnostic] = []
        let nunit2 = diagnostic { _ = try TestResultsReader.read(Array("<test-results total=\"1\"/>".utf8), path: "r.xml", warnings: &warnings) }
        #expect(nunit2?.message == "this is an NUnit 2 result file, not JUnit XML")
        #expect(!TestResultsReader.recognizes(Array(#"{"results": [1, 2]}"#.utf8), path: "data.json"))
        // Data that mentions results and tools is data; a CTRF report begins as one.
        #expect(!TestResultsReader.recognizes(Array(#"[{"name": "hammer", "tool": true, "results": "CTRF"}]"#.utf8), path: "tools.json"))
        #expect(!TestResultsReader.recognizes(Array(#"{"title": "x", "results": {"tool": {}, "tests": []}}"#.utf8), path: "d.json"))
        #expect(TestResultsReader.recognizes(Array(" {\n  \"results\" : {\"tool\": {\"name\": \"vitest\"}, \"tests\": []}}".utf8), path: "c.json"))
        #expect(TestResultsReader.recognizes(Array(#"{"reportFormat":"CTRF","specVersion":"0.0.0","results":{}}"#.utf8), path: "c.json"))
        #expect(TestResultsReader.recognizes(Array(#"{"specVersion":"0.0.0","reportFormat":"CTRF","results":{}}"#.utf8), path: "c.json"))
        #expect(!TestResultsReader.recognizes(Array(#"{"specVersion":"2","rows":[]}"#.utf8), path: "c.json"))
        #expect(!TestResultsReader.recognizes(Array("name\nx\n".utf8), path: "data.csv"))
        #expect(TestResultsReader.recognizes(Array("<x/>".utf8), path: "r.trx"))
    }
}
