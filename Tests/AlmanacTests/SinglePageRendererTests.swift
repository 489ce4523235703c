import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

@Suite struct SinglePageRendererTests {
    @Test func rendersOneDataFileWithoutAContentFolder() throws {
        let fileSystem = MemoryFileSystem(["results.ndjson": "{\"test\":\"b_test\",\"status\":\"fail\"}\n{\"test\":\"a_test\",\"status\":\"pass\"}\n"])
        var options = SinglePageRenderer.Options(dataPath: "results.ndjson")
        options.settings["label"] = "test"
        options.settings["group"] = "status"
        options.outputPath = "report"
        let written = try SinglePageRenderer(options: options, fileSystem: fileSystem).run().written
        #expect(written.filter { !$0.hasPrefix("assets/") } == ["results.html", "results.md", "results.json", "results.csv", "results.ndjson"])
        let markdown = try #require(fileSystem.text("report/results.md"))
        #expect(markdown.contains("## fail\n\n| Test | Status |\n| --- | --- |\n| b\\_test | fail |\n\n## pass\n"))
    }

    /// A CI step names its outputs whatever file it was given: `--name report` with one
    /// `junit.xml` writes `report.md`, the page still titled after the run.
    @Test func aNameGivenNamesTheOutputsWhateverFileWasRead() throws {
        let fileSystem = MemoryFileSystem(["junit.xml": "<testsuite name=\"s\"><testcase classname=\"c\" name=\"t\"/></testsuite>"])
        var options = SinglePageRenderer.Options(dataPath: "junit.xml")
        options.name = "report"
        options.isSingleFile = true
        options.formats = [.html, .markdown]
        let written = try SinglePageRenderer(options: options, fileSystem: fileSystem).run().written
        #expect(written == ["report.html", "report.md"])
        let markdown = try #require(fileSystem.text("Output/report.md"))
        #expect(markdown.hasPrefix("# s\n"), "the title still comes from the data")
    }

    /// `almanac render results.xml` reads JUnit XML: a record per test case.
    @Test func rendersAJUnitFile() throws {
        let fileSystem = MemoryFileSystem(["results.xml": """
            <testsuites><testsuite name="tests.test_lib"><testcase classname="tests.test_lib" name="test_ok" time="0.1"/>
            <testcase classname="tests.test_lib" name="test_fails" file="tests/test_lib.py" line="25"><failure message="assert False">E assert False</failure></testcase>
            </testsuite></testsuites>
            """])
        var options = SinglePageRenderer.Options(dataPath: "results.xml")
        options.settings["group"] = "status"
        options.formats = [.json]
        _ = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let json = try #require(fileSystem.text("Output/results.json"))
        #expect(json.contains(#""title": "failed""#) && json.contains(#""title": "passed""#))
        #expect(json.contains(#""line": 25"#))
        let broken = MemoryFileSystem(["r.xml": "<testsuite name=\"a & b\"/>"])
        let error = try #require(diagnostic { _ = try SinglePageRenderer(options: .init(dataPath: "r.xml"), fileSystem: broken).run() })
        #expect(error.location == SourceLocation(path: "r.xml", line: 1, column: 21))
        #expect(error.message.contains("&amp;"))
    }

    static func render(_ files: [String: String], _ paths: [String], _ configure: (inout SinglePageRenderer.Options) -> Void) throws -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem(files)
        var options = SinglePageRenderer.Options(dataPaths: paths)
        configure(&options)
        _ = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        return fileSystem
    }

    static let results = "name,status,duration\ntest_b,failed,2.5\ntest_a,passed,0.1\n"

    /// As a person rendering a CSV expects: every column shows, as a table.
    @Test func withoutFieldsEveryOtherColumnShows() throws {
        let fileSystem = try Self.render(["r.csv": Self.results], ["r.csv"]) { $0.formats = [.markdown] }
        #expect(fileSystem.text("Output/r.md")?.contains("| Name | Status | Duration |\n| --- | --- | --- |\n| test\\_a | passed | 0.1 |") == true)
    }

    @Test func everyPageSettingIsAnOption() throws {
        let fileSystem = try Self.render(["r.csv": Self.results], ["r.csv"]) {
            $0.settings = ["group": "status", "detail": "true", "search": "false", "fields": "duration", "footer": "{{count}} run{{^isOne}}s{{/isOne}}"]
        }
        #expect(fileSystem.exists("Output/r/test-a.html"), "--detail")
        #expect(!fileSystem.tree("Output/assets").keys.contains { $0.hasPrefix("search-") }, "--search false")
        let markdown = try #require(fileSystem.text("Output/r.md"))
        #expect(markdown.contains("## failed\n\n| Name | Duration |\n| --- | --- |\n| test\\_b | 2.5 |\n\n*1 run*"))
        let wrong = diagnostic { _ = try Self.render(["r.csv": Self.results], ["r.csv"]) { $0.settings = ["index": "maybe"] } }
        #expect(wrong?.message == "--index: 'index' must be true, false or full, found 'maybe'")
        #expect(wrong?.location == nil)
    }

    @Test func aPageFileGivesTheSettingsAndOptionsWin() throws {
        let page = "---\ntitle: Nightly\ngroup: status\nfields: [duration]\n---\nThe *nightly* run.\n"
        let fileSystem = try Self.render(["r.csv": Self.results, "report.md": page], ["r.csv"]) {
            $0.pagePath = "report.md"
            $0.settings["title"] = "Tonight"
        }
        let markdown = try #require(fileSystem.text("Output/r.md"))
        #expect(markdown.hasPrefix("# Tonight\n\nThe *nightly* run.\n"))
        #expect(markdown.contains("## failed"))
    }

    @Test func severalFilesMakeOnePage() throws {
        let suite = { (name: String, test: String) in "<testsuite name=\"\(name)\"><testcase classname=\"\(name)\" name=\"\(test)\"/></testsuite>" }
        let fileSystem = try Self.render(
            ["TEST-a.xml": suite("A", "test_one"), "TEST-b.xml": suite("B", "test_two")], ["TEST-a.xml", "TEST-b.xml"]) { $0.formats = [.json] }
        let json = try #require(fileSystem.text("Output/report.json"))
        #expect(json.contains(#""label": "test_one""#) && json.contains(#""label": "test_two""#))
        let mixed = diagnostic { _ = try Self.render(["a.csv": "name\nx\n", "b.json": #"{"S": [{"name": "v"}]}"#], ["a.csv", "b.json"]) { _ in } }
        #expect(mixed?.message == "several data files make one page only when each is a list of records")
    }

    /// A JUnit report reads as a test report unless told otherwise: failures first, then
    /// errors, skips and passes, each by suite and name, with suite, status, time and message.
    @Test func aTestReportHasTestReportDefaults() throws {
        let results = """
            <testsuites><testsuite name="b_suite"><testcase name="z_pass"/><testcase name="y_skip"><skipped/></testcase></testsuite>
            <testsuite name="a_suite"><testcase name="x_fail"><failure message="no"/></testcase><testcase name="w_pass"/>
            <testcase name="v_error"><error message="boom"/></testcase></testsuite></testsuites>
            """
        let fileSystem = try Self.render(["TEST-all.xml": results], ["TEST-all.xml"]) { $0.formats = [.markdown] }
        let markdown = try #require(fileSystem.text("Output/test-all.md"))
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## failed", "## error", "## skipped", "## passed"])
        #expect(markdown.hasPrefix("# Test report\n"), "two suites, and the run has no name")
        // Grouped by status, a row need not say it; no test has a time.
        #expect(markdown.contains("| Name | Suite | Message |"))
        #expect(markdown.contains("| w\\_pass | a\\_suite |  |\n| z\\_pass | b\\_suite |  |"), "by suite, then name")
        let grouped = try Self.render(["TEST-all.xml": results], ["TEST-all.xml"]) {
            $0.formats = [.markdown]
            $0.settings["group"] = "suite"
        }
        #expect(grouped.text("Output/test-all.md")?.contains("## a\\_suite") == true, "an option wins")
    }

    /// pytest's report, as pytest wrote it: titled by the run, a message's first line in its
    /// row and all of it on the detail page, times as durations, no column that never changes.
    @Test func aPytestReportReadsAtAGlance() throws {
        let sample = PackagePaths.root + "/Tests/Samples/pytest/pytest-xunit1.xml"
        let fileSystem = MemoryFileSystem(["r.xml": String(decoding: try DiskFileSystem().read(sample), as: UTF8.self)])
        var options = SinglePageRenderer.Options(dataPath: "r.xml")
        options.formats = [.html]
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let html = try #require(fileSystem.text("Output/r.html"))
        #expect(html.contains("<title>pytest tests · Almanac</title>"))
        #expect(html.contains(#"data-field="message" data-label="Message" data-search="">AssertionError: sign is dropped …</span>"#))
        // The seconds stay beside the words, for "Download shown rows" to write.
        #expect(html.contains(#"data-field="time" data-label="Time" data-value="0.001">1 ms</span>"#))
        #expect(!html.contains(#"data-field="suite""#) && !html.contains(#"data-field="status""#))
        #expect(html.contains(#"<section id="failed" class="section" data-status="failed">"#))
        let row = try #require(html.range(of: #"<li class="row" id="row-test-reads-negative" data-i="0""#))
        #expect(html[row.upperBound...].prefix { $0 != ">" }.hasSuffix(#" data-status="failed""#))
        // A table that merely has a status column is not a test report: no marks.
        try fileSystem.write(Array("name,status\nx,failed\n".utf8), to: "t.csv")
        try SinglePageRenderer(options: .init(dataPath: "t.csv"), fileSystem: fileSystem).run()
        #expect(fileSystem.text("Output/t.html")?.contains("data-status") == false)
        let detail = try #require(fileSystem.text("Output/r/test-reads-negative.html"))
        #expect(detail.contains("AssertionError: sign is dropped\n  second line of the message\nassert -7 == 7"))
    }

    /// Whatever it writes links only to what it wrote.
    @Test func anHTMLOnlyPageLinksToNothingUnwritten() throws {
        let fileSystem = try Self.render(["r.csv": Self.results], ["r.csv"]) { $0.formats = [.html] }
        let html = try #require(fileSystem.text("Output/r.html"))
        #expect(!html.contains("r.md") && !html.contains("r.json") && !html.contains("index.html"))
        #expect(html.contains(#"<span class="site-home">"#))
    }

    @Test func badGroupingIsAnError() throws {
        let fileSystem = MemoryFileSystem(["r.csv": "a\n1\n"])
        var options = SinglePageRenderer.Options(dataPath: "r.csv")
        options.settings["group"] = ""
        #expect(diagnostic { _ = try SinglePageRenderer(options: options, fileSystem: fileSystem).run() } != nil)
    }
}

@Suite struct TestReportDetailTests {
    /// A report's passes need no page each; its failures get one, linked from their rows.
    @Test func onlyFailingTestsGetADetailPage() throws {
        let results = """
            <testsuite name="lib"><testcase name="test_a"/><testcase name="test_b"><failure message="no">E no</failure></testcase>
            <testcase name="test_c"/><testcase name="test_d"><error message="boom"/></testcase></testsuite>
            """
        let fileSystem = try SinglePageRendererTests.render(["r.xml": results], ["r.xml"]) { $0.formats = [.html] }
        let pages = fileSystem.tree("Output/r").keys.sorted()
        #expect(pages == ["test-b.html", "test-d.html"])
        let listing = try #require(fileSystem.text("Output/r.html"))
        #expect(listing.contains(#"href="r/test-b.html""#) && !listing.contains("r/test-a.html"))
        let failure = try #require(fileSystem.text("Output/r/test-b.html"))
        #expect(failure.contains("E no"))
        // Grouped by suite, a failure's neighbours are the next failures, not the passes between.
        let bySuite = try SinglePageRendererTests.render(["r.xml": results], ["r.xml"]) { $0.formats = [.html]; $0.settings["group"] = "suite" }
        let neighbour = try #require(bySuite.text("Output/r/test-b.html"))
        #expect(neighbour.contains(#"<a class="next" rel="next" href="test-d.html">test_d</a>"#))
        #expect(!neighbour.contains("rel=\"prev\""))
        let every = try SinglePageRendererTests.render(["r.xml": results], ["r.xml"]) { $0.formats = [.html]; $0.settings["detail"] = "true" }
        #expect(every.tree("Output/r").count == 4, "an option wins")
    }
}

@Suite struct SingleFileTests {
    /// One file, with its style, script and search data inside and a policy naming exactly them.
    @Test func aSingleFileReportNeedsNothingBesideIt() throws {
        let results = """
            <testsuite name="lib"><testcase name="test_ok"/><testcase name="test_&lt;/script&gt;&lt;b&gt;"><failure message="no">E no
            line two</failure></testcase></testsuite>
            """
        let fileSystem = MemoryFileSystem(["r.xml": results])
        var options = SinglePageRenderer.Options(dataPath: "r.xml")
        options.formats = [.html]
        options.isSingleFile = true
        let written = try SinglePageRenderer(options: options, fileSystem: fileSystem).run().written
        #expect(written == ["r.html"])
        let html = try #require(fileSystem.text("Output/r.html"))
        #expect(!html.contains("<link") && !html.contains("<script src") && !html.contains("data-search-src"))
        let policy = try #require(html.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
        #expect(policy.hasPrefix("default-src &#39;none&#39;; script-src &#39;sha256-"))
        // Search data is in a data element, where no row can end it.
        let data = try #require(html.firstMatch(of: /<script type="application\/json" id="almanac-search-data">(.*?)<\/script>/.dotMatchesNewlines())?.1)
        #expect(data.contains(#"test_\u003c/script\u003e\u003cb\u003e"#))
        #expect(!data.lowercased().contains("</script") && !data.contains("<b>"))
        // The failing test opens in place; the passing one has nothing to open.
        #expect(html.components(separatedBy: #"<details class="row-detail">"#).count == 2)
        #expect(html.contains("<pre tabindex=\"0\">E no\nline two</pre>"))
    }

    /// Small pictures beside the data go inside the file; nothing outside its folder is read.
    @Test func smallPicturesBesideTheDataAreInlined() throws {
        let fileSystem = MemoryFileSystem([
            "d/r.csv": "name,pic\na,a.png\nb,../secret.png\nc,big.png\nd,https://example.com/x.png\ne,./a.png\nf,gone.png\n",
            "d/a.png": "PNG!", "secret.png": "secret", "d/big.png": String(repeating: "x", count: 300_000),
        ])
        var options = SinglePageRenderer.Options(dataPath: "d/r.csv")
        options.formats = [.html]
        options.isSingleFile = true
        options.settings = ["image": "pic"]
        let rendered = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let html = try #require(fileSystem.text("Output/r.html"))
        let sources = html.matches(of: /<img class="thumb" src="([^"]*)"/).map { String($0.1) }
        #expect(sources == ["data:image/png;base64,UE5HIQ==", "https://example.com/x.png", "data:image/png;base64,UE5HIQ=="])
        #expect(!html.contains("c2VjcmV0"), "the file outside the data's folder is not read")
        #expect(rendered.warnings.map(\.message) == [
            "picture 'big.png' is 292 KiB, over the 256 KiB a single file inlines",
            "picture 'gone.png' is not a file inside the data file's folder: the row shows none",
        ])
    }
}

@Suite struct OddValueTests {
    /// A property list may hold `nan` and `inf`; the JSON twin stays JSON, the value as written.
    @Test func nonFiniteNumbersKeepTheJSONValid() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>name</key><string>a</string><key>x</key><real>nan</real></dict>
            <dict><key>name</key><string>b</string><key>x</key><real>inf</real></dict></array></plist>
            """
        let fileSystem = try SinglePageRendererTests.render(["r.plist": plist], ["r.plist"]) { $0.formats = [.json] }
        let json = try #require(fileSystem.text("Output/r.json"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(parsed is [String: Any])
        #expect(json.contains(#""x": "nan""#) && json.contains(#""x": "inf""#))
    }
}
