import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// Where a run's time went, and a report grouped by file.
@Suite struct TestTimesTests {
    static let results: String = {
        let cases = (0..<12).map { index in
            let suite = ["a", "b", "c"][index % 3]
            return "<testsuite name=\"\(suite)\"><testcase classname=\"\(suite)\" name=\"t\(index)\" file=\"tests/test_\(suite).py\" time=\"\(index + 1)\">"
                + (index == 4 ? "<failure message=\"no\"/>" : "") + "</testcase></testsuite>"
        }
        return "<testsuites>" + cases.joined() + "</testsuites>"
    }()

    func render(_ settings: [String: String] = [:]) throws -> String {
        let fileSystem = MemoryFileSystem(["r.xml": Self.results])
        var options = SinglePageRenderer.Options(dataPath: "r.xml")
        options.formats = [.markdown]
        options.settings = settings
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        return fileSystem.text("Output/r.md") ?? ""
    }

    @Test func theSlowestTestsAndEachSuitesTimeAreFolded() throws {
        let markdown = try render()
        let slowest = "<details>\n<summary>Slowest tests</summary>\n\n| Test | Suite | Time |\n| --- | --- | --- |\n"
            + "| t11 | c | 12 s |\n| t10 | b | 11 s |\n| t9 | a | 10 s |\n| t8 | c | 9 s |\n| t7 | b | 8 s |\n| t6 | a | 7 s |\n"
            + "| t5 | c | 6 s |\n| t4 | b | 5 s |\n| t3 | a | 4 s |\n| t2 | c | 3 s |\n\n</details>\n"
        #expect(markdown.contains(slowest), "\(markdown)")
        #expect(markdown.contains("<summary>Time by suite (3 suites)</summary>\n\n| Suite | Tests | Time |\n| --- | --- | --- |\n"
            + "| c | 4 | 30 s |\n| b | 4 | 26 s |\n| a | 4 | 22 s |\n"))
        #expect(markdown.range(of: "Slowest tests")!.lowerBound > markdown.range(of: "## passed")!.lowerBound, "after the tests")
    }

    /// `--group-by file`: a section per test file, each row marked and saying its status.
    @Test func aReportGroupedByFile() throws {
        let markdown = try render(["group": "file"])
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## Failures", "## tests/test\\_a.py", "## tests/test\\_b.py", "## tests/test\\_c.py"])
        #expect(markdown.contains("| t4 | b | failed | 5 s | no |"), "\(markdown)")
    }
}
