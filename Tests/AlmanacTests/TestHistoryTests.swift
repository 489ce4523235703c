@testable import Almanac
@testable import AlmanacReports
import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// A report's history: one line per run, kept to a limit, and each test's flips — which are not
/// retries, so they make no test flaky.
@Suite struct TestHistoryTests {
    static func results(failing: Set<String>, tests: [String] = ["a", "b", "c"]) -> String {
        let cases = tests.map { name in
            "<testcase classname=\"t\" name=\"\(name)\" time=\"0.5\">" + (failing.contains(name) ? "<failure message=\"no\"/>" : "") + "</testcase>"
        }
        return "<testsuites name=\"run\"><testsuite name=\"s\">" + cases.joined() + "</testsuite></testsuites>"
    }

    /// Renders each run in turn with `--history h/history.ndjson`, as a CI job does.
    static func render(_ runs: [Set<String>], limit: Int = 30, fileSystem: MemoryFileSystem = MemoryFileSystem()) throws -> MemoryFileSystem {
        for (index, failing) in runs.enumerated() {
            try fileSystem.write(Array(results(failing: failing).utf8), to: "r\(index).xml")
            var options = SinglePageRenderer.Options(dataPath: "r\(index).xml")
            options.historyPath = "h/history.ndjson"
            options.historyLimit = limit
            options.formats = [.markdown, .html]
            options.name = "report"
            try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        }
        return fileSystem
    }

    @Test func eachRunIsOneLineAndTheOldestGoPastTheLimit() throws {
        let fileSystem = try Self.render([[], ["a"], [], ["a", "b"], []], limit: 3)
        let text = try #require(fileSystem.text("h/history.ndjson"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        // Run 3: `a` failed in run 2 only, so it has flipped twice, and is still not flaky.
        #expect(lines[0] == #"{"run":3,"tests":3,"failed":0,"error":0,"flaky":0,"skipped":0,"passed":3,"seconds":1.5,"failing":[],"flaky_tests":[]}"#)
        #expect(lines[1].hasPrefix(#"{"run":4,"tests":3,"failed":2,"error":0,"flaky":0,"skipped":0,"passed":1,"seconds":1.5,"failing":["\u001ft\u001fa","#))
        var warnings: [Diagnostic] = []
        let history = try TestHistory.read("h/history.ndjson", fileSystem: fileSystem, warnings: &warnings)
        #expect(history.ndjson() == Array(text.utf8), "what is read is what was written")
        #expect(warnings.isEmpty)
    }

    /// A test that flips between failing and passing shows its flip rate; flaky is only what
    /// was retried, so the summary and the history count no flaky test.
    @Test func aTestThatFlipsShowsItsFlipRateAndIsNotFlaky() throws {
        let fileSystem = try Self.render([[], ["a"], [], ["a", "b"], ["b"], []])
        let markdown = try #require(fileSystem.text("Output/report.md"))
        #expect(markdown.contains("**3 tests: 3 passed · 1.5 s**"), "\(markdown)")
        #expect(!markdown.contains("flaky"), "\(markdown)")
        #expect(markdown.contains("| a | flipped 4 times in 6 runs (80%) |"))
        #expect(markdown.contains("| b | flipped 2 times in 6 runs (40%) |"))
        #expect(markdown.contains("| Run | Tests | Failed | Errors | Flaky | Skipped | Time |\n| --- | --- | --- | --- | --- | --- | --- |\n| 6 | 3 | 0 | 0 | 0 | 0 | 1.5 s |"))
        let html = try #require(fileSystem.text("Output/report.html"))
        #expect(html.contains(#"<svg class="trend-chart""#) && html.contains("in runs 1 to 6</figcaption>"))
        #expect(!html.contains("style="), "nothing a strict policy blocks")
    }

    /// A history line counts tests as the summary does, and each status per run: a name run
    /// twice is one test of two runs.
    @Test func aLineCountsTestsAndEachRunsStatus() throws {
        let twice = #"<testsuite name="s" tests="3" failures="1"><testcase classname="t" name="a" time="1"/>"#
            + #"<testcase classname="t" name="a" time="1"><failure message="no"/></testcase><testcase classname="t" name="b" time="1"/></testsuite>"#
        let fileSystem = MemoryFileSystem(["r.xml": twice])
        var options = SinglePageRenderer.Options(dataPath: "r.xml")
        options.historyPath = "h.ndjson"
        options.formats = [.markdown]
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let line = try #require(fileSystem.text("h.ndjson"))
        #expect(line.hasPrefix(#"{"run":1,"tests":2,"failed":1,"error":0,"flaky":0,"skipped":0,"passed":2,"#), "\(line)")
    }

    /// A test that failed in the baseline and passes now is fixed, though its history flips.
    @Test func aFixIsAFixThoughItsHistoryFlips() throws {
        let fileSystem = try Self.render([[], ["a"], ["a"]])
        try fileSystem.write(Array(Self.results(failing: []).utf8), to: "now.xml")
        var options = SinglePageRenderer.Options(dataPath: "now.xml")
        options.historyPath = "h/history.ndjson"
        options.baselinePath = "base.json"
        options.formats = [.markdown]
        var previous = SinglePageRenderer.Options(dataPath: "r2.xml")
        previous.formats = [.json]
        previous.outputPath = "."
        previous.name = "base"
        try SinglePageRenderer(options: previous, fileSystem: fileSystem).run()
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let markdown = try #require(fileSystem.text("Output/now.md"))
        #expect(markdown.contains("## fixed\n\n| Name | Flips | Before |\n| --- | --- | --- |\n| a | flipped 2 times in 4 runs (67%) | failed |"), "\(markdown)")
    }

    @Test func aBrokenLineIsAWarningAndTheRestAreKept() throws {
        let fileSystem = MemoryFileSystem([
            "h/history.ndjson": #"{"run":1,"tests":1,"failed":0,"error":0,"flaky":0,"skipped":0,"passed":1,"seconds":0.5,"failing":[],"flaky_tests":[]}"#
                + "\n{\"run\":2,\"tests\":1,\"fai\n",
        ])
        var warnings: [Diagnostic] = []
        let history = try TestHistory.read("h/history.ndjson", fileSystem: fileSystem, warnings: &warnings)
        #expect(history.runs.count == 1)
        #expect(warnings.map(\.location?.line) == [2])
        _ = try Self.render([["a"]], fileSystem: fileSystem)
        let lines = fileSystem.text("h/history.ndjson")?.split(separator: "\n") ?? []
        #expect(lines.count == 2 && lines[1].hasPrefix(#"{"run":2,"#), "the broken line is dropped when the file is written")
    }
}
