@testable import Almanac
@testable import AlmanacReports
import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// A run compared with the one before it, as a reviewer reads a change.
@Suite struct TestComparisonTests {
    static func results(_ cases: [(name: String, status: String, time: String)]) -> String {
        let body = cases.map { test in
            let outcome = ["failed": "<failure message=\"no\"/>", "error": "<error message=\"boom\"/>", "skipped": "<skipped/>"][test.status] ?? ""
            return "<testcase classname=\"tests.test_x\" name=\"\(test.name)\" time=\"\(test.time)\">\(outcome)</testcase>"
        }
        return "<testsuites name=\"run\"><testsuite name=\"pytest\">" + body.joined() + "</testsuite></testsuites>"
    }

    /// Renders `now` against the JSON twin of `before`, and returns the second run's JSON and
    /// Markdown, as `render --baseline` writes them.
    static func compare(before: String, now: String, extra: (inout SinglePageRenderer.Options) -> Void = { _ in }) throws
        -> (json: String, markdown: String, rendered: SinglePageRenderer.Rendered)
    {
        let fileSystem = MemoryFileSystem(["before.xml": before, "now.xml": now])
        var first = SinglePageRenderer.Options(dataPath: "before.xml")
        first.outputPath = "base"
        first.formats = [.json]
        try SinglePageRenderer(options: first, fileSystem: fileSystem).run()
        var second = SinglePageRenderer.Options(dataPath: "now.xml")
        second.baselinePath = "base/before.json"
        second.formats = [.json, .markdown]
        extra(&second)
        let rendered = try SinglePageRenderer(options: second, fileSystem: fileSystem).run()
        return (fileSystem.text("Output/now.json") ?? "", fileSystem.text("Output/now.md") ?? "", rendered)
    }

    @Test func eachTestIsSortedByWhatChanged() throws {
        let before = Self.results([("a_broke", "passed", "0.1"), ("b_still", "failed", "0.1"), ("c_fixed", "failed", "0.1"),
                                   ("d_same", "passed", "0.1"), ("e_gone", "passed", "0.1"), ("f_skip", "skipped", "0")])
        let now = Self.results([("a_broke", "error", "0.1"), ("b_still", "failed", "0.2"), ("c_fixed", "passed", "0.1"),
                                ("d_same", "passed", "0.1"), ("g_new", "failed", "0.1"), ("f_skip", "skipped", "0")])
        let (json, markdown, rendered) = try Self.compare(before: before, now: now)
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## new failure", "## new error", "## fixed", "## still failing", "## skipped", "## passed"])
        #expect(markdown.contains("**6 tests: 2 failed (1 new), 1 error (1 new), 1 skipped, 2 passed (1 fixed) · 600 ms · 1 added, 1 removed since the baseline**"))
        #expect(markdown.contains("<summary>1 test removed since the baseline</summary>\n\n- e\\_gone\n"))
        // New failures come first, each saying what it was before.
        let newFailures = try #require(markdown.range(of: "## new failure")).upperBound
        let stillFailing = try #require(markdown.range(of: "## still failing")).lowerBound
        let section = markdown[newFailures..<stillFailing]
        #expect(section.contains("### a\\_broke\n\n100 ms · before: passed") && section.contains("### g\\_new\n\n100 ms · new test"))
        #expect(json.contains(#""outcome": "fixed""#) && json.contains(#""previous": "failed""#))
        #expect(rendered.counts.newFailures == 2 && rendered.counts.failing == 3)
    }

    /// Under a job summary's budget, what this change did is kept whole first: its new
    /// failures in full and the tests it fixed; the failures it inherited are listed briefly.
    @Test func underABudgetNewFailuresAndFixesComeFirst() throws {
        let trace = String(repeating: "    at a frame of a long traceback\n", count: 40)
        func run(_ failing: Set<Int>) -> String {
            let cases = (0..<60).map { index in
                "<testcase classname=\"tests.test_x\" name=\"t\(index)\" time=\"0.1\">"
                    + (failing.contains(index) ? "<failure message=\"broke \(index)\">\(trace)</failure>" : "") + "</testcase>"
            }
            return "<testsuites name=\"run\"><testsuite name=\"s\">" + cases.joined() + "</testsuite></testsuites>"
        }
        let (_, markdown, _) = try Self.compare(before: run(Set(0..<40)), now: run(Set(2..<40).union([50, 51]))) {
            $0.settings["max_bytes"] = "8000"
        }
        #expect(markdown.utf8.count <= 8000)
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## new failure", "## fixed", "## still failing", "## passed"])
        #expect(markdown.contains("### t50\n") && markdown.contains("### t51\n"), "new failures in full")
        #expect(markdown.contains("| t0 |") && markdown.contains("| t1 |"), "the fixed tests listed")
        #expect(!markdown.contains("### t39\n") && markdown.contains("| t39 |"), "inherited failures in brief, once the budget is spent")
    }

    /// The JSON a compared run writes is itself a baseline for the next run.
    @Test func aComparedRunsJSONIsTheNextRunsBaseline() throws {
        let first = Self.results([("a", "failed", "0.1"), ("b", "passed", "0.1")])
        let second = Self.results([("a", "passed", "0.1"), ("b", "failed", "0.1")])
        let fileSystem = MemoryFileSystem(["1.xml": first, "2.xml": second, "3.xml": second])
        for (run, baseline) in [("1", nil), ("2", "Output/1.json"), ("3", "Output/2.json")] as [(String, String?)] {
            var options = SinglePageRenderer.Options(dataPath: run + ".xml")
            options.baselinePath = baseline
            options.formats = [.json, .markdown]
            try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        }
        #expect(fileSystem.text("Output/2.md")?.contains("**2 tests: 1 failed (1 new), 1 passed (1 fixed) · 200 ms**") == true)
        #expect(fileSystem.text("Output/3.md")?.contains("**2 tests: 1 failed, 1 passed · 200 ms**") == true, "\(fileSystem.text("Output/3.md") ?? "")")
        #expect(fileSystem.text("Output/3.md")?.contains("## still failing") == true)
    }

    @Test func aMuchSlowerTestIsNamed() throws {
        let before = Self.results([("quick", "passed", "0.010"), ("noisy", "passed", "0.002"), ("slow", "passed", "1.0")])
        let now = Self.results([("quick", "passed", "0.8"), ("noisy", "passed", "0.009"), ("slow", "passed", "1.4")])
        let (_, markdown, _) = try Self.compare(before: before, now: now)
        #expect(markdown.contains("| Test | Before | Now |\n| --- | --- | --- |\n| quick | 10 ms | 800 ms |\n\n"))
        let table = try #require(markdown.range(of: "**Slower than the baseline:**\n\n| Test | Before | Now |\n| --- | --- | --- |\n| quick | 10 ms | 800 ms |\n\n"))
        #expect(table.lowerBound < (markdown.range(of: "## passed")?.lowerBound ?? markdown.startIndex))
        #expect(!markdown.contains("| noisy | 2 ms") && !markdown.contains("| slow | 1 s"), "a doubling of 2 ms, or 40% more, is not named")
    }

    /// A first run has no baseline yet: it is a warning, and the report is grouped by status.
    @Test func aMissingBaselineIsAWarningAndNoComparison() throws {
        let fileSystem = MemoryFileSystem(["now.xml": Self.results([("a", "failed", "0.1")])])
        var options = SinglePageRenderer.Options(dataPath: "now.xml")
        options.baselinePath = "base/none.json"
        options.formats = [.markdown]
        let rendered = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        #expect(rendered.warnings.map(\.message) == ["no baseline here: this run is not compared with an earlier one"])
        #expect(fileSystem.text("Output/now.md")?.contains("**1 test: 1 failed · 100 ms**\n\n") == true)
        #expect(fileSystem.text("Output/now.md")?.contains("## failed") == true)
        #expect(rendered.counts.newFailures == 1, "with nothing to compare with, every failure is new")
    }

    @Test func aBaselineThatIsNotAReportIsAnError() {
        let fileSystem = MemoryFileSystem(["now.xml": Self.results([("a", "passed", "0.1")]), "b.json": #"{"title": "x"}"#, "c.json": "[1,"])
        for path in ["b.json", "c.json"] {
            var options = SinglePageRenderer.Options(dataPath: "now.xml")
            options.baselinePath = path
            let error = diagnostic { _ = try SinglePageRenderer(options: options, fileSystem: fileSystem).run() }
            #expect(error?.location?.path == path)
        }
    }
}
