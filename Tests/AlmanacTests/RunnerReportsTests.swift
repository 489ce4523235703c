@testable import Almanac
@testable import AlmanacReports
import AlmanacCore
import AlmanacTestSupport
import Testing

/// Reports of real runners' files (`Tests/Samples/`), as a CI job renders them: the summary
/// counts tests and runs as the runner did, the gate fails on a failed run, flaky comes only
/// from retries, and a job that wrote no results says so.
@Suite struct RunnerReportsTests {
    let samples = PackagePaths.root + "/Tests/Samples/"

    func render(_ paths: [String], _ configure: (inout SinglePageRenderer.Options) -> Void = { _ in }) throws -> (markdown: String, rendered: SinglePageRenderer.Rendered) {
        let output = try TemporaryFolder("runner-report")
        var options = SinglePageRenderer.Options(dataPaths: paths.map { samples + $0 })
        options.formats = [.markdown, .json]
        options.outputPath = output.root
        options.name = "report"
        configure(&options)
        let rendered = try SinglePageRenderer(options: options).run()
        let markdown = try DiskFileSystem().readText(output.path("report.md"))
        return (markdown, rendered)
    }

    func summary(_ markdown: String) -> String {
        markdown.split(separator: "\n").first { $0.hasPrefix("**") }.map(String.init) ?? ""
    }

    /// `go test -count=2`: two tests, four runs, one failed; the gate fails on it.
    @Test func goCountTwoCountsTestsAndRuns() throws {
        let (markdown, rendered) = try render(["go-count/gotestsum-count2.xml"])
        #expect(summary(markdown) == "**2 tests, 4 runs: 1 failed, 3 passed · 0 ms · repeats counted as runs**")
        #expect(rendered.counts == TestGate.Counts(total: 2, failing: 1, skipped: 0))
        #expect(TestGate(conditions: [.failures]).reasons(rendered.counts) == ["1 test failed"])
        #expect(markdown.contains("### TestPut\n\nRepeat 1\n"), "the failed run says which run it was")
        #expect(markdown.contains("| TestLen | 1 |") && markdown.contains("| TestLen | 2 |"))
    }

    /// TestNG data providers run by Surefire: one name a run per row, so three tests of eight
    /// runs (tests="8" skipped="1" failures="1"); the failing row fails the gate, and each row
    /// is numbered, as the file names none.
    @Test func testNGDataProvidersAreRunsOfOneTest() throws {
        let (markdown, rendered) = try render(["surefire/orders/target/surefire-reports/TEST-com.acme.OrderTest.xml"])
        #expect(summary(markdown).hasPrefix("**3 tests, 8 runs: 1 failed, 1 skipped, 6 passed · "), "\(summary(markdown))")
        #expect(summary(markdown).hasSuffix(" · repeats counted as runs**"))
        #expect(rendered.counts == TestGate.Counts(total: 3, failing: 1, skipped: 0))
        #expect(TestGate(conditions: [.failures]).reasons(rendered.counts) == ["1 test failed"])
        #expect(markdown.contains("### totals\n\nRepeat 3 · "), "the failed row is numbered")
    }

    /// JUnit 5 parameterised and repeated tests under Surefire: each invocation is named
    /// (`addsTax{int, int, int}[3]`, `staysStable{RepetitionInfo}[2]`) and counted as a test, as
    /// the file's tests="10" does; the two failed invocations fail the gate by name.
    @Test func junit5InvocationsKeepTheirNames() throws {
        let (markdown, rendered) = try render(["surefire/pricing/target/surefire-reports/TEST-com.acme.PriceTest.xml"])
        #expect(summary(markdown).hasPrefix("**10 tests: 2 failed, 8 passed · "), "\(summary(markdown))")
        #expect(rendered.counts == TestGate.Counts(total: 10, failing: 2, skipped: 0))
        #expect(markdown.contains("### addsTax{int, int, int}\\[3\\]") && markdown.contains("### staysStable{RepetitionInfo}\\[2\\]"))
        #expect(!markdown.contains("Repeat "), "named invocations need no number")
    }

    /// pytest-rerunfailures 16.6.1's attempts, told by the file's own totals: six tests, one
    /// flaky (it failed, was retried and passed) and one failed on every attempt.
    @Test func pytestRerunfailuresAttemptsFoldIntoSixTests() throws {
        let (markdown, rendered) = try render(["pytest-rerunfailures/pytest-rerunfailures-16.6.1.xml"]) { $0.repeats = .runs }
        #expect(summary(markdown).hasPrefix("**6 tests: 1 failed, 1 skipped, 4 passed (1 flaky) · "))
        #expect(summary(markdown).hasSuffix(" · repeats counted as retries**"))
        #expect(markdown.contains("failed on all 3 attempts") && markdown.contains("passed on attempt 2 of 2"))
        #expect(rendered.counts.failing == 1 && rendered.counts.total == 6)
    }

    /// A rerun job's results: the test that passed there is flaky, also beside a baseline in
    /// which it failed (not "fixed"); the one that failed again is still failing.
    @Test func aRerunFileMakesFlakyBesideABaseline() throws {
        let baseline = try TemporaryFolder("baseline")
        var options = SinglePageRenderer.Options(dataPaths: [samples + "pytest-rerunfailures/pytest-parametrized.xml"])
        (options.formats, options.outputPath, options.name) = ([.json], baseline.root, "base")
        try SinglePageRenderer(options: options).run()
        let first = try render(["pytest-rerunfailures/pytest-parametrized.xml"])
        #expect(summary(first.markdown).hasPrefix("**6 tests: 2 failed, 1 skipped, 3 passed · "))
        let (markdown, rendered) = try render(["pytest-rerunfailures/pytest-parametrized.xml"]) {
            $0.rerunPaths = [self.samples + "pytest-rerunfailures/pytest-rerun-job.xml"]
            $0.baselinePath = baseline.path("base.json")
        }
        #expect(summary(markdown).hasPrefix("**6 tests: 1 failed, 1 skipped, 4 passed (1 flaky) · "))
        #expect(markdown.contains("[still failing](#still-failing) · [flaky](#flaky) · [skipped](#skipped) · [passed](#passed)"))
        #expect(!markdown.contains("fixed"))
        #expect(rendered.counts.failing == 1 && rendered.counts.newFailures == 0)
    }

    /// A parameterised JUnit 5 class (Gradle): every row its own name, so tests are runs.
    @Test func junitFiveParametersAreTestsOfTheirOwn() throws {
        let (markdown, _) = try render(["external/enricomi/TEST-com.github.guenhter.junit.CalculatorTest.xml"])
        #expect(summary(markdown).hasPrefix("**24 tests: 24 passed · "))
        #expect(!summary(markdown).contains("runs"))
    }

    /// A step that wrote no results: a pattern that matched nothing, or a file of no tests.
    @Test func noResultsIsSaidAndFailsTheEmptyGate() throws {
        let (markdown, rendered) = try render(["no-such-folder/*.xml"])
        #expect(summary(markdown) == "**No test results were found in \(MarkdownEscape(samples))no-such-folder/\\*.xml.**")
        #expect(rendered.warnings.map(\.message) == ["no file matches this pattern"])
        #expect(TestGate(conditions: [.empty]).reasons(rendered.counts) == ["no test ran: the report holds none"])
        let matched = try render(["go-count/*.xml"])
        #expect(summary(matched.markdown).hasPrefix("**2 tests, 4 runs"), "a pattern the shell left is expanded")
    }
}

private func MarkdownEscape(_ text: String) -> String {
    text.replacingOccurrences(of: "_", with: "\\_")
}
