import AlmanacCore
import AlmanacTestSupport
import Foundation
@testable import AlmanacLoad
import Testing

/// Every `<testcase>` is a run, and the count agrees with the totals the runner itself wrote in
/// its suites, for real files from each runner (`Tests/Samples/`): where a file's totals and its
/// cases disagree, the file is named at the line, and where the totals say a repeated name is
/// an attempt, it is read as one.
@Suite struct RunnerTotalsTests {
    func read(_ sample: String, repeats: TestRepeats = .runs) throws -> (results: TestResults, warnings: [Diagnostic]) {
        let path = PackagePaths.root + "/Tests/Samples/" + sample
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var warnings: [Diagnostic] = []
        let results = try TestResultsReader.read(bytes, path: path, repeats: repeats, warnings: &warnings)
        return (results, warnings)
    }

    func statuses(_ records: [Record]) -> [String: Int] {
        records.reduce(into: [:]) { counts, record in counts[record["status"]?.text ?? "", default: 0] += 1 }
    }

    /// `(file, runs)`: each runner's own count of what it ran, which the file's totals confirm.
    @Test(arguments: [
        ("pytest-rerunfailures/pytest-parametrized.xml", 6),
        ("go-count/gotestsum-count2.xml", 4),
        ("go/gotestsum.xml", 6),
        ("surefire/billing/target/surefire-reports/TEST-com.acme.CalcTest.xml", 5),
        ("external/enricomi/TEST-com.github.guenhter.junit.CalculatorTest.xml", 24),
        ("pytest/pytest-xunit1.xml", 5),
        ("jest/junit.xml", 3),
        ("surefire/orders/target/surefire-reports/TEST-com.acme.OrderTest.xml", 8),
        ("surefire/orders/target/surefire-reports/junitreports/TEST-com.acme.OrderTest.xml", 8),
        ("surefire/pricing/target/surefire-reports/TEST-com.acme.PriceTest.xml", 10),
    ])
    func theRunsAgreeWithTheRunnersTotals(sample: String, runs: Int) throws {
        let (results, warnings) = try read(sample)
        #expect(results.records.count == runs)
        #expect(warnings.isEmpty, "\(warnings.map(\.message))")
    }

    /// Go's `-count=2`: each test twice, one of them failing; the suite says tests="4".
    @Test func goCountTwoIsTwoRunsOfEachTest() throws {
        let (results, _) = try read("go-count/gotestsum-count2.xml")
        #expect(results.repeats == .runs, "the suite's tests=\"4\" counts the cases")
        #expect(results.records.map { $0["name"]?.text ?? "" } == ["TestPut", "TestPut", "TestLen", "TestLen"])
        #expect(statuses(results.records) == ["failed": 1, "passed": 3])
    }

    /// pytest-rerunfailures 16.6.1 writes one case per attempt, the failed ones as plain cases,
    /// and a suite whose tests="6" counts the tests: the file says its repeats are attempts.
    @Test func pytestRerunfailuresSaysItsRepeatsAreAttempts() throws {
        let (results, warnings) = try read("pytest-rerunfailures/pytest-rerunfailures-16.6.1.xml", repeats: .runs)
        #expect(results.records.count == 9)
        #expect(results.repeats == .attempts)
        #expect(warnings.isEmpty, "read as attempts, the totals agree: \(warnings.map(\.message))")
        // 14.0 wrote the last attempt alone: nothing in the file says a test was retried.
        let older = try read("pytest-rerunfailures/pytest-rerunfailures-14.0.xml")
        #expect(older.results.records.count == 6 && older.results.repeats == nil && older.warnings.isEmpty)
    }

    /// jest-junit writes tests="0" for a file that failed to run, beside the case it gives it;
    /// a Surefire 3 file with four cases says tests="2" (its retries inside the cases aside).
    @Test func totalsThatDisagreeAreNamedAtTheirLine() throws {
        let surefire = try read("external/enricomi/flaky.xml")
        #expect(surefire.results.records.count == 4)
        #expect(surefire.warnings.map(\.message) == [#"suite 'example.ExampleTests' says tests="2" but holds 4 runs"#])
        let (results, warnings) = try read("external/dorny/jest-test-results.xml")
        #expect(results.records.count == 2)
        #expect(warnings.map(\.location?.line) == [3, 14, 2])
        #expect(warnings.last?.message == #"the file says tests="0" but holds 2 runs"#)
    }

    /// Node's reporter names no run and writes each test's class as `test`; its report is named
    /// by its top-level suites (`describe` blocks), and a test outside them is still counted.
    @Test func nodesReportIsNamedByItsSuites() throws {
        let (results, warnings) = try read("node/node-junit.xml")
        #expect(results.name == "cart, checkout")
        #expect(results.records.count == 7)
        #expect(statuses(results.records) == ["passed": 3, "failed": 3, "skipped": 1])
        #expect(warnings.isEmpty)
    }

    /// MSTest's data-driven test writes a result per data row inside its own: the rows are the
    /// runs, and the outer result that sums them up is not counted beside them.
    @Test func aTRXDataDrivenParentIsNotCountedBesideItsRows() throws {
        let trx = """
            <?xml version="1.0" encoding="utf-8"?>
            <TestRun id="1" xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010">
              <Results>
                <UnitTestResult testId="t1" testName="Adds" outcome="Passed" duration="00:00:00.0100000" />
                <UnitTestResult testId="t2" testName="DataDriven" outcome="Failed" duration="00:00:03.0000000">
                  <InnerResults>
                    <UnitTestResult testId="t2" testName="DataDriven (1)" outcome="Passed" duration="00:00:01.0000000" />
                    <UnitTestResult testId="t2" testName="DataDriven (2)" outcome="Failed" duration="00:00:02.0000000">
                      <Output><ErrorInfo><Message>Connection refused</Message></ErrorInfo></Output>
                    </UnitTestResult>
                  </InnerResults>
                </UnitTestResult>
              </Results>
              <TestDefinitions>
                <UnitTest id="t1"><TestMethod className="Acme.CalcTests" name="Adds" /></UnitTest>
                <UnitTest id="t2"><TestMethod className="Acme.CalcTests" name="DataDriven" /></UnitTest>
              </TestDefinitions>
            </TestRun>
            """
        var warnings: [Diagnostic] = []
        let results = try TestResultsReader.read(Array(trx.utf8), path: "results.trx", warnings: &warnings)
        #expect(results.records.map { $0["name"]?.text ?? "" } == ["Adds", "DataDriven (1)", "DataDriven (2)"])
        #expect(results.records.map { $0["status"]?.text ?? "" } == ["passed", "passed", "failed"])
        #expect(results.records[2]["message"]?.text == "Connection refused")
        #expect(results.records[2]["classname"]?.text == "Acme.CalcTests")
    }
}
