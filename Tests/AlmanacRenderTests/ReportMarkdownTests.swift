import AlmanacCore
import AlmanacModel
@testable import AlmanacRender
import Testing

@Suite struct ReportMarkdownTests {
    struct Case {
        var name: String
        var suite = "tests.lib"
        var status = "passed"
        var message: String?
        var details: String?
        var output: String?
        var file: String?
    }

    static func page(_ cases: [Case], maxBytes: Int? = nil, summary: PageSettings.Summary? = .tests) throws -> Page {
        var settings = PageSettings()
        settings.summary = summary
        settings.grouping = .field("status")
        settings.groupOrder = ["failed", "error", "skipped", "passed"]
        settings.sort = SortSpec(["suite", "name"])
        settings.fields = ["suite", "status", "time", "message"]
        settings.formats = ["time": .duration]
        settings.maxBytes = maxBytes
        let records = cases.map { test in
            var fields: [Object.Field] = [
                .init(name: "suite", value: .string(test.suite)), .init(name: "name", value: .string(test.name)),
                .init(name: "status", value: .string(test.status)), .init(name: "time", value: .number(Number(text: "0.25", value: 0.25))),
            ]
            for (name, value) in [("message", test.message), ("details", test.details), ("output", test.output), ("file", test.file)] {
                if let value { fields.append(.init(name: name, value: .string(value))) }
            }
            return Record(fields: Object(fields), location: SourceLocation(path: "r.xml"))
        }
        let input = PageBuilder.Input(name: "r", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "r"))
        return try PageBuilder().build(input).page
    }

    static func markdown(_ page: Page, fullReport: String? = "r.html") -> String {
        String(decoding: ReportMarkdown(page: page, view: PageView(page), fullReport: fullReport).render(), as: UTF8.self)
    }

    @Test func aReportOpensWithItsSummaryThenFailuresWithTheirDetailsFolded() throws {
        let text = Self.markdown(try Self.page([
            Case(name: "test_ok"),
            Case(name: "test_bad", status: "failed", message: "assert 1 == 2", details: "E   assert 1 == 2\n\nline two", output: "log", file: "tests/lib.py"),
            Case(name: "test_later", status: "skipped", message: "not today"),
        ]))
        let summary = try #require(text.range(of: "**3 tests: 1 failed, 1 skipped, 1 passed · 750 ms**"))
        let failure = try #require(text.range(of: "### test\\_bad\n\ntests.lib · 250 ms · tests/lib.py\n\n> assert 1 == 2\n\n"))
        let details = try #require(text.range(of: "<details>\n<summary>Details</summary>\n\n```text\nE   assert 1 == 2\n\nline two\n```\n\nOutput:\n\n```text\nlog\n```\n\n</details>\n"))
        let rest = try #require(text.range(of: "## skipped\n\n| Name | Suite | Status | Time | Message |"))
        #expect(summary.upperBound < failure.lowerBound && failure.upperBound <= details.lowerBound && details.upperBound < rest.lowerBound)
        #expect(text.contains("| test\\_ok | tests.lib | passed | 250 ms |  |"))
        #expect(!text.contains("Left out"), "a report that fits is whole")
        #expect(text.hasSuffix("</details>\n") && !text.hasSuffix("\n\n"), "the slowest tests come last")
    }

    /// Test names and texts are data: they cannot end a fence, close a `<details>`, split a
    /// table cell or add HTML.
    @Test func dataCannotBreakTheMarkdownItSitsIn() throws {
        let hostile = "``` </details> <script>alert(1)</script> ````"
        let text = Self.markdown(try Self.page([
            Case(name: "test_a|b `c`", status: "failed", message: "<img src=x> | `x`", details: hostile),
            Case(name: "test_<b>|pipe", suite: "s|t"),
        ]))
        #expect(text.contains("`````text\n" + hostile + "\n`````\n"), "a fence longer than any run inside")
        #expect(text.contains("### test\\_a\\|b \\`c\\`"))
        #expect(text.contains("> \\<img src=x\\> \\| \\`x\\`"))
        #expect(text.contains("| test\\_\\<b\\>\\|pipe | s\\|t |"))
        // Folds for the failure's details, the slowest tests and the time by suite: no more.
        #expect(text.components(separatedBy: "<details>").count == 4 && text.components(separatedBy: "\n</details>\n").count == 4)
    }

    static func largeReport(failures: Int = 80, skipped: Int = 20, passed: Int = 3_900) -> [Case] {
        let trace = (1...40).map { "    at frame \($0) (src/module/file\($0).js:\($0 * 7):13)" }.joined(separator: "\n")
        var cases: [Case] = []
        for index in 0..<failures {
            cases.append(Case(name: "test_fail_\(index)", suite: "suite_\(index % 9)", status: "failed", message: "expected \(index) to be 0", details: trace, file: "src/t\(index).js"))
        }
        for index in 0..<skipped { cases.append(Case(name: "test_skip_\(index)", suite: "suite_\(index % 9)", status: "skipped", message: "later")) }
        for index in 0..<passed { cases.append(Case(name: "test_pass_\(index)", suite: "suite_\(index % 40)")) }
        return cases
    }

    /// A 4,000-case report at budgets from a job summary's down to a few kilobytes: always
    /// under the limit, failures kept first, and the cut said in a last line.
    @Test(arguments: [1_000_000, 200_000, 65_535, 20_000, 4_096])
    func aBudgetKeepsTheReportUnderItsLimit(limit: Int) throws {
        let whole = Self.markdown(try Self.page(Self.largeReport()))
        let text = Self.markdown(try Self.page(Self.largeReport(), maxBytes: limit))
        #expect(text.utf8.count <= limit)
        guard whole.utf8.count > limit else {
            #expect(text == whole)
            return
        }
        let last = try #require(text.split(separator: "\n").last)
        #expect(last.hasPrefix("*Left out to stay under \(limit.grouped) bytes: ") && last.hasSuffix("The full report: [r.html](r.html).*"))
        // Whole pieces only: every fence and every <details> is closed.
        let fences = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("```") }
        #expect(fences.count % 2 == 0)
        #expect(text.components(separatedBy: "<details>").count == text.components(separatedBy: "</details>").count)
        if limit >= 20_000 {
            // Every failure is named; the passes are counted by suite.
            let named = (0..<80).filter { text.contains("test\\_fail\\_\($0)\n") || text.contains("| test\\_fail\\_\($0) |") }
            #expect(named.count == 80)
            #expect(text.contains("## passed\n\n| Suite | Tests | Time |\n| --- | --- | --- |\n| suite\\_0 | 98 | 24.5 s |"))
            #expect(last.contains("the list of 3,900 tests in passed (counted by suite)"))
        }
        if limit == 65_535 {
            #expect(text.contains("### test\\_fail\\_0\n"), "the first failures in full")
            #expect(last.contains(" failures (listed in brief)"))
        }
    }

    @Test func aPageOverItsLimitCountsItsLastSections() throws {
        var settings = PageSettings()
        settings.maxBytes = 2_048
        let records = (0..<400).map { index in
            Record(fields: Object([.init(name: "name", value: .string("\(["apple", "banana", "cherry"][index % 3]) \(index)"))]), location: SourceLocation(path: "f.csv"))
        }
        let page = try PageBuilder().build(.init(name: "f", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "f"))).page
        let text = Self.markdown(page, fullReport: "f.html")
        #expect(text.utf8.count <= 2_048)
        #expect(text.contains("## A\n\n") && text.contains("*Left out to stay under 2,048 bytes: the list of"))
        #expect(text.contains("rows in"))
    }
}
