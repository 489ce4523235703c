import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// A large report's passing tests go to the page as data its script lists; its failures stay
/// HTML, so a reader without scripts has every failure and the counts.
@Suite struct ReportRowDataTests {
    /// `count` tests, every tenth failing; one passing test's name would close a script element.
    static func html(tests count: Int) throws -> String {
        var cases = (0..<count).map { number in
            number % 10 == 3
                ? #"<testcase classname="lib" name="test_\#(number)" time="0.5"><failure message="no">E no</failure></testcase>"#
                : #"<testcase classname="lib" name="test_\#(number)" time="0.01"/>"#
        }
        cases[0] = #"<testcase classname="lib" name="test_&lt;/script&gt;&lt;b&gt;" time="0.01"/>"#
        let fileSystem = MemoryFileSystem(["r.xml": "<testsuite name=\"lib\">\(cases.joined(separator: "\n"))</testsuite>"])
        var options = SinglePageRenderer.Options(dataPath: "r.xml")
        options.formats = [.html]
        options.isSingleFile = true
        _ = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        return try #require(fileSystem.text("Output/r.html"))
    }

    static func blocks(_ html: String) throws -> [[String: Any]] {
        try html.matches(of: /<script type="application\/json" class="row-data">(.*?)<\/script>/.dotMatchesNewlines()).map { match in
            try #require(JSONSerialization.jsonObject(with: Data(match.1.utf8)) as? [String: Any])
        }
    }

    @Test func aReportOfMoreThanAThousandTestsShipsItsPassesAsDataAndItsFailuresAsHTML() throws {
        let html = try Self.html(tests: 1_001)
        let rows = try Self.blocks(html).flatMap { try #require($0["rows"] as? [[Any]]) }
        #expect(rows.count == 901, "every passing test, once")
        #expect(html.components(separatedBy: #"<li class="row" id="row-test"#).count - 1 == 100, "every failure as a row of HTML")
        #expect(html.contains(#"<details class="row-detail">"#))
        #expect(!html.contains(#"id="row-test-4""#))
        let labels = Set(rows.compactMap { $0[5] as? String })
        #expect(labels.contains("test_4") && labels.contains("test_</script><b>") && !labels.contains("test_3"))
        let data = html.firstMatch(of: /class="row-data">(.*?)<\/script>/.dotMatchesNewlines())?.1 ?? ""
        #expect(!data.lowercased().contains("</script") && !data.contains("<b>"))
        #expect(html.contains("1,001 tests: 100 failed, 901 passed"))
    }

    @Test func aReportOfAThousandTestsIsWrittenWhole() throws {
        let html = try Self.html(tests: 1_000)
        #expect(try Self.blocks(html).isEmpty)
        #expect(html.components(separatedBy: #"<li class="row" id="row-test"#).count - 1 == 1_000)
    }
}
