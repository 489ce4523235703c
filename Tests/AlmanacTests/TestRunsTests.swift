@testable import Almanac
@testable import AlmanacReports
import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// A name repeated in a report is another run of one test, never a retry: every run is a row,
/// counted, and a failed run fails the test. Only marked retries fold, and only they make a
/// test flaky.
@Suite struct TestRunsTests {
    func record(_ name: String, _ status: String, time: Double = 1, message: String? = nil, run: String? = nil) -> Record {
        var fields = Object()
        fields.set("classname", .string("tests.test_x"))
        fields.set("name", .string(name))
        fields.set("status", .string(status))
        fields.set("time", .number(Number(text: String(time), value: time)))
        fields.set("message", message.map { .string($0) } ?? .null)
        if let run { fields.set("run", .string(run)) }
        return Record(fields: fields, location: SourceLocation(path: "r.xml"))
    }

    func rows(_ records: [Record], _ rule: TestRepeats = .runs, reruns: [Record] = []) -> [Record] {
        var warnings: [Diagnostic] = []
        let files = [TestRuns.File(path: "r.xml", records: records, repeats: rule)]
        let rerunFiles = reruns.isEmpty ? [] : [TestRuns.File(path: "rerun.xml", records: reruns, repeats: .runs)]
        return TestRuns.rows(files, reruns: rerunFiles, warnings: &warnings)
    }

    /// Two data-provider rows of one name, one passing and one failing: two runs of one failing
    /// test, not a flaky pass.
    @Test func aRepeatedNameIsAnotherRunAndItsFailureFailsTheTest() {
        let runs = rows([record("a", "passed"), record("b", "passed"), record("a", "failed", message: "row 2")])
        #expect(runs.count == 3)
        #expect(runs.map { $0["status"]?.text ?? "" } == ["passed", "passed", "failed"])
        #expect(runs.map { $0["repeat"]?.text ?? "-" } == ["1", "-", "2"], "the runs of a repeated name are numbered")
        #expect(runs.allSatisfy { $0["flaky"] == nil && $0["attempts"] == nil })
        let tally = TestRuns.tally(runs, repeats: .runs)
        #expect(tally == TestTally(tests: 2, runs: 3, repeats: .runs, failingTests: 1, skippedTests: 0))
    }

    @Test func aTestIsSkippedOnlyWhenEveryRunWas() {
        let tally = TestRuns.tally(rows([record("a", "skipped"), record("a", "passed"), record("b", "skipped")]), repeats: .runs)
        #expect(tally.tests == 2 && tally.skippedTests == 1)
    }

    /// pytest-rerunfailures 16 writes each attempt as a case, the earlier ones with no failure
    /// in them: read as attempts, the last decides and a pass after them is flaky.
    @Test func repeatsReadAsAttemptsFoldIntoTheirLastAttempt() {
        let folded = rows(
            [record("a", "passed"), record("b", "passed"), record("a", "passed", time: 2), record("c", "passed"), record("c", "failed", message: "no")],
            .attempts)
        #expect(folded.map { $0["name"]?.text ?? "" } == ["a", "b", "c"])
        #expect(folded[0]["status"]?.text == "passed" && folded[0]["flaky"] == .bool(true))
        #expect(folded[0]["attempts"]?.text == "passed on attempt 2 of 2")
        #expect(folded[0]["time"]?.text == "3.0", "the time of every attempt")
        #expect(folded[1]["attempts"] == nil && folded[1]["flaky"] == nil)
        #expect(folded[2]["status"]?.text == "failed" && folded[2]["attempts"]?.text == "failed on all 2 attempts")
        #expect(folded[2]["message"]?.text == "no")
        #expect(folded.allSatisfy { $0["repeat"] == nil })
    }

    /// A rerun job's results retry the failures of the first: a pass there makes the test flaky,
    /// keeping the first failure's words; a test that passed first is left alone.
    @Test func aRerunFileRetriesTheFailuresItNames() {
        let folded = rows(
            [record("a", "failed", message: "timed out"), record("b", "passed"), record("c", "failed", message: "broken")],
            reruns: [record("a", "passed", time: 2), record("c", "failed", message: "still broken")])
        #expect(folded.count == 3)
        #expect(folded[0]["status"]?.text == "passed" && folded[0]["flaky"] == .bool(true))
        #expect(folded[0]["attempts"]?.text == "passed on attempt 2 of 2" && folded[0]["message"]?.text == "timed out")
        #expect(folded[1]["attempts"] == nil)
        #expect(folded[2]["status"]?.text == "failed" && folded[2]["attempts"]?.text == "failed on all 2 attempts")
        #expect(folded[2]["message"]?.text == "still broken", "the last failure")
    }

    @Test func aRerunOfATestNoFileRanIsARowAndAWarning() {
        var warnings: [Diagnostic] = []
        let files = [TestRuns.File(path: "r.xml", records: [record("a", "passed")], repeats: .runs)]
        let reruns = [TestRuns.File(path: "rerun.xml", records: [record("z", "passed")], repeats: .runs)]
        let folded = TestRuns.rows(files, reruns: reruns, warnings: &warnings)
        #expect(folded.count == 2)
        #expect(warnings.map(\.message) == ["'z' was rerun, but no results file ran it first"])
    }

    /// Shards labelled with where they ran are different tests; unlabelled, the same test's runs.
    @Test func labelledShardsAreDifferentTests() {
        let apart = rows([record("a", "passed", run: "ubuntu"), record("a", "failed", run: "windows")])
        #expect(TestRuns.tally(apart, repeats: nil).tests == 2)
        #expect(apart.allSatisfy { $0["repeat"] == nil })
    }

    @Test func aRunOfUniqueTestsIsLeftAsItIs() {
        let records = [record("a", "passed"), record("b", "failed")]
        #expect(rows(records) == records)
    }

    /// A matrix's shards without labels: the same test run twice, failing once, so the report
    /// fails; apart with `--label-by folder`.
    @Test func unlabelledShardsAreRunsOfOneTest() throws {
        let ubuntu = #"<testsuite name="s"><testcase classname="c" name="t" time="1"/></testsuite>"#
        let windows = #"<testsuite name="s"><testcase classname="c" name="t" time="2"><failure message="path"/></testcase></testsuite>"#
        let fileSystem = MemoryFileSystem(["reports/ubuntu/junit.xml": ubuntu, "reports/windows/junit.xml": windows])
        var options = SinglePageRenderer.Options(dataPaths: ["reports/ubuntu/junit.xml", "reports/windows/junit.xml"])
        options.formats = [.markdown]
        let together = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let runs = try #require(fileSystem.text("Output/report.md"))
        #expect(runs.contains("**1 test, 2 runs: 1 failed, 1 passed · 3 s**"), "\(runs)")
        #expect(together.counts.failing == 1 && together.counts.total == 1)
        options.labelBy = .folder
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let apart = try #require(fileSystem.text("Output/report.md"))
        #expect(apart.contains("**2 tests: 1 failed, 1 passed · 3 s**"))
        #expect(apart.contains("| t | ubuntu | 1 s |"), "\(apart)")
    }
}
