import AlmanacCore
@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

/// JUnit XML as each tool writes it. The files are small, written here in the shape each tool
/// produces (root element, nesting, which attributes it sets, where it puts file and line).
@Suite struct JUnitReaderTests {
    func read(_ text: String) throws -> [Record] {
        try JUnitReader().read(Array(text.utf8), path: "results.xml")
    }

    func error(_ text: String) -> Diagnostic? {
        diagnostic { _ = try read(text) }
    }

    /// `name → status` for every case, in file order.
    func statuses(_ records: [Record]) -> [String] {
        records.map { "\($0["name"]?.text ?? "?") → \($0["status"]?.text ?? "?")" }
    }

    @Test func surefireAndAntSuites() throws {
        let records = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="com.example.CalcTest" tests="9" failures="0" errors="0" skipped="0" time="0.05">
              <properties><property name="java.version" value="17"/></properties>
              <testcase name="adds" classname="com.example.CalcTest" time="0.001"/>
              <testcase name="divides" classname="com.example.CalcTest" time="0.002">
                <failure message="expected: &lt;2&gt; but was: &lt;3&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;2&gt; but was: &lt;3&gt;
                at com.example.CalcTest.divides(CalcTest.java:21)</failure>
              </testcase>
              <testcase name="reads" classname="com.example.CalcTest" time="0.003">
                <error message="boom" type="java.io.IOException">java.io.IOException: boom</error>
                <system-out><![CDATA[opening file]]></system-out>
              </testcase>
              <testcase name="later" classname="com.example.CalcTest" time="0"><skipped/></testcase>
              <system-out><![CDATA[suite log]]></system-out>
            </testsuite>
            """)
        #expect(statuses(records) == ["adds → passed", "divides → failed", "reads → error", "later → skipped"])
        #expect(records[0].fields.names == JUnitReader.fields)
        #expect(records[1]["message"] == .string("expected: <2> but was: <3>"))
        #expect(records[1]["details"]?.text.hasSuffix("(CalcTest.java:21)") == true)
        #expect(records[2]["output"] == .string("opening file"))
        #expect(records[2]["suite"] == .string("com.example.CalcTest"))
        #expect(records[0]["time"] == .number(Number(text: "0.001", value: 0.001)))
        #expect(records[1]["location"] == nil)
        #expect(records[2].location.line == 9, "a case's location is its <testcase> line")
    }

    @Test func gradleWritesEmptyOutputElements() throws {
        let records = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="org.example.LibraryTest" tests="1" skipped="0" failures="0" errors="0" timestamp="2026-11-30T10:00:00" hostname="ci" time="0.012">
              <properties/>
              <testcase name="someLibraryMethodReturnsTrue()" classname="org.example.LibraryTest" time="0.012"/>
              <system-out><![CDATA[]]></system-out>
              <system-err><![CDATA[]]></system-err>
            </testsuite>
            """)
        #expect(statuses(records) == ["someLibraryMethodReturnsTrue() → passed"])
        #expect(records[0]["output"] == .null)
    }

    /// Reports pytest 9.2 wrote for `Tests/Samples/pytest/tests/test_parser.py`, where
    /// `test_reads_negative` is defined on line 12 and `test_uses_fixture` on line 30.
    @Test func pytestSampleLinesAreTheDefinitionsLines() throws {
        let path = PackagePaths.root + "/Tests/Samples/pytest/pytest-xunit1.xml"
        let records = try JUnitReader().read(Array(try DiskFileSystem().read(path)), path: path)
        #expect(statuses(records) == [
            "test_reads_digits → passed", "test_reads_negative → failed", "test_reads_hex → skipped", "test_rejects_words → passed",
            "test_uses_fixture → error",
        ])
        #expect(records.map { $0["line"]?.text ?? "-" } == ["9", "12", "15", "20", "30"])
        #expect(records.allSatisfy { $0["file"] == .string("tests/test_parser.py") })
    }

    /// The default family, xunit2, says neither file nor line: the class name is all there is.
    @Test func pytestXunit2SampleHasNoFile() throws {
        let path = PackagePaths.root + "/Tests/Samples/pytest/pytest-xunit2.xml"
        let records = try JUnitReader().read(Array(try DiskFileSystem().read(path)), path: path)
        #expect(records.map { $0["classname"]?.text ?? "-" } == [
            "tests.test_parser.TestParser", "tests.test_parser.TestParser", "tests.test_parser.TestParser", "tests.test_parser",
            "tests.test_parser",
        ])
        #expect(records.allSatisfy { $0["file"] == .null && $0["line"] == .null })
    }

    /// unittest's xmlrunner counts from 1 as GitHub does, and names the file on its suite.
    @Test func otherPythonWritersLinesAreKept() throws {
        let records = try read("""
            <testsuites><testsuite name="test_x.TestX-20261204" file="test_x.py" tests="1" timestamp="2026-12-04T10:00:00">
            <testcase classname="test_x.TestX" file="test_x.py" line="5" name="test_a" time="0.001"/></testsuite></testsuites>
            """)
        #expect(records[0]["line"]?.text == "5")
    }

    /// Surefire 2.22.3 with `rerunFailingTestsCount` 2 (`Tests/Samples/surefire`): reruns are
    /// one case each, with how its attempts went; a pass after failures is flaky and keeps
    /// the failure's words; the suite's counts, which count every attempt, agree.
    @Test func surefireRerunsAreOneCaseWithItsAttempts() throws {
        let path = PackagePaths.root + "/Tests/Samples/surefire/billing/target/surefire-reports/TEST-com.acme.CalcTest.xml"
        var warnings: [Diagnostic] = []
        let records = try JUnitReader().read(Array(try DiskFileSystem().read(path)), path: path, warnings: &warnings)
        #expect(statuses(records) == [
            "printsInvoices → skipped", "adds → passed", "opensTheLedger → error", "divides → failed", "readsTheClockOnTheThirdTry → passed",
        ])
        #expect(records.map { $0["attempts"] == .null ? "-" : $0["attempts"]?.text ?? "-" } == [
            "-", "-", "errored on all 3 attempts", "failed on all 3 attempts", "passed on attempt 3 of 3",
        ])
        #expect(records.map { $0["flaky"] == .bool(true) } == [false, false, false, false, true])
        #expect(records[4]["message"]?.text == "the clock is not ready expected:<3> but was:<1>")
        #expect(records[4]["details"]?.text.hasSuffix("at com.acme.CalcTest.readsTheClockOnTheThirdTry(CalcTest.java:28)") == true)
        #expect(records[4]["output"] == .null, "an attempt's output is the attempt's, not the passing run's")
        #expect(records[2]["details"]?.text == "java.lang.IllegalStateException: ledger is locked\n\tat com.acme.CalcTest.opensTheLedger(CalcTest.java:33)")
        #expect(warnings.isEmpty, "\(warnings.map(\.message))")
    }

    @Test func pytestPutsFileAndLineOnTheCase() throws {
        let records = try read("""
            <?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0" failures="1" skipped="1" tests="3" time="0.101" timestamp="2026-11-30T10:00:00.000000" hostname="ci"><testcase classname="tests.test_lib" name="test_ok" file="tests/test_lib.py" line="3" time="0.001" /><testcase classname="tests.test_lib" name="test_always_fail" file="tests/test_lib.py" line="25" time="0.002"><failure message="assert False">def test_always_fail():
            &gt;       assert False
            E       assert False

            tests/test_lib.py:26: AssertionError</failure></testcase><testcase classname="tests.test_lib" name="test_skip" file="tests/test_lib.py" line="30" time="0.000"><skipped type="pytest.skip" message="not on linux">tests/test_lib.py:31: not on linux</skipped></testcase></testsuite></testsuites>
            """)
        #expect(statuses(records) == ["test_ok → passed", "test_always_fail → failed", "test_skip → skipped"])
        #expect(records[1]["file"] == .string("tests/test_lib.py"))
        #expect(records[1]["line"] == .number(Number(text: "26", value: 26)), "pytest counts lines from 0; the record from 1")
        #expect(records[1]["message"] == .string("assert False"))
        #expect(records[2]["message"] == .string("not on linux"))
        #expect(records[2]["details"] == .string("tests/test_lib.py:31: not on linux"))
    }

    @Test func jestFailuresHaveOnlyText() throws {
        let records = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="jest tests" tests="2" failures="1" errors="0" time="1.2">
              <testsuite name="sum.test.js" errors="0" failures="1" skipped="0" timestamp="2026-11-30T10:00:00" time="0.5" tests="2">
                <testcase classname="sum adds 1 + 2 to equal 3" name="sum adds 1 + 2 to equal 3" time="0.003">
                </testcase>
                <testcase classname="sum rejects strings" name="sum rejects strings" time="0.01">
                  <failure>Error: expect(received).toThrow()

            Received function did not throw
                at Object.&lt;anonymous&gt; (sum.test.js:9:22)</failure>
                </testcase>
              </testsuite>
            </testsuites>
            """)
        #expect(statuses(records) == ["sum adds 1 + 2 to equal 3 → passed", "sum rejects strings → failed"])
        #expect(records[1]["message"] == .string("Error: expect(received).toThrow()"), "no message attribute: the text's first line")
        #expect(records[1]["details"]?.text.contains("(sum.test.js:9:22)") == true)
        #expect(records[1]["suite"] == .string("sum.test.js"))
    }

    @Test func goJunitReportAndGotestsum() throws {
        let report = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites tests="2" failures="1">
            \t<testsuite name="example.com/calc" tests="2" failures="1" errors="0" id="0" hostname="ci" time="0.010" timestamp="2026-11-30T10:00:00Z">
            \t\t<properties>
            \t\t\t<property name="go.version" value="go1.22.1"></property>
            \t\t</properties>
            \t\t<testcase name="TestAdd" classname="example.com/calc" time="0.000"></testcase>
            \t\t<testcase name="TestDiv" classname="example.com/calc" time="0.010">
            \t\t\t<failure message="Failed"><![CDATA[    calc_test.go:12: want 2, got 3]]></failure>
            \t\t</testcase>
            \t</testsuite>
            </testsuites>
            """)
        #expect(statuses(report) == ["TestAdd → passed", "TestDiv → failed"])
        #expect(report[1]["details"] == .string("calc_test.go:12: want 2, got 3"))
        let gotestsum = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites tests="1" failures="0" errors="0" time="0.300">
            \t<testsuite tests="1" failures="0" time="0.300" name="example.com/net" timestamp="2026-11-30T10:00:00Z">
            \t\t<properties></properties>
            \t\t<testcase classname="example.com/net" name="TestDial" time="0.000">
            \t\t\t<skipped message="=== RUN   TestDial&#xA;    net_test.go:8: needs network&#xA;--- SKIP: TestDial (0.00s)&#xA;"></skipped>
            \t\t</testcase>
            \t</testsuite>
            </testsuites>
            """)
        #expect(statuses(gotestsum) == ["TestDial → skipped"])
        #expect(gotestsum[0]["message"]?.text.contains("needs network") == true)
    }

    @Test func phpunitNestsSuitesAndNamesTheFile() throws {
        let records = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="Unit" tests="2" assertions="1" errors="1" failures="0" skipped="0" time="0.002">
                <testsuite name="Tests\\Unit\\MathTest" file="/app/tests/Unit/MathTest.php" tests="2" assertions="1" errors="1" failures="0" skipped="0" time="0.002">
                  <testcase name="testAdd" class="Tests\\Unit\\MathTest" classname="Tests.Unit.MathTest" file="/app/tests/Unit/MathTest.php" line="12" assertions="1" time="0.001"/>
                  <testcase name="testDivide" class="Tests\\Unit\\MathTest" classname="Tests.Unit.MathTest" file="/app/tests/Unit/MathTest.php" line="20" assertions="0" time="0.001">
                    <error type="DivisionByZeroError">Tests\\Unit\\MathTest::testDivide
            DivisionByZeroError: Division by zero

            /app/tests/Unit/MathTest.php:22</error>
                  </testcase>
                </testsuite>
              </testsuite>
            </testsuites>
            """)
        #expect(statuses(records) == ["testAdd → passed", "testDivide → error"])
        #expect(records[1]["suite"] == .string("Tests\\Unit\\MathTest"), "the innermost suite")
        #expect(records[1]["line"] == .number(Number(text: "20", value: 20)))
        #expect(records[1]["message"] == .string("DivisionByZeroError"), "without a message, the type")
    }

    @Test func karmaPlaywrightAndRetriedXCTest() throws {
        let karma = try read("""
            <?xml version="1.0"?>
            <testsuites>
              <testsuite name="Chrome Headless 120.0.0.0 (Linux x86_64)" package="" timestamp="2026-11-30T10:00:00" id="0" hostname="ci" tests="2" errors="0" failures="1" time="0.02">
                <properties><property name="browser.fullName" value="Mozilla/5.0 HeadlessChrome/120.0.0.0"/></properties>
                <testcase name="AppComponent should create the app" time="0.018" classname="Chrome_Headless_120.0.0.0_(Linux_x86_64).AppComponent"/>
                <testcase name="AppComponent should render title" time="0.002" classname="Chrome_Headless_120.0.0.0_(Linux_x86_64).AppComponent">
                  <failure type="">Error: Expected 'x' to contain 'y'.
                at &lt;Jasmine&gt;</failure>
                </testcase>
                <system-out><![CDATA[]]></system-out>
                <system-err/>
              </testsuite>
            </testsuites>
            """)
        #expect(statuses(karma) == ["AppComponent should create the app → passed", "AppComponent should render title → failed"])
        let playwright = try read("""
            <testsuites id="" name="" tests="2" failures="1" skipped="0" errors="0" time="3.21">
            <testsuite name="login.spec.ts" timestamp="2026-11-30T10:00:00.000Z" hostname="chromium" tests="2" failures="1" skipped="0" time="2.1" errors="0">
            <testcase name="logs in" classname="login.spec.ts" time="1.2">
            </testcase>
            <testcase name="rejects a bad password" classname="login.spec.ts" time="0.9">
            <failure message="login.spec.ts:15:5 rejects a bad password" type="FAILURE">
            <![CDATA[  1) [chromium] › login.spec.ts:15:5 › rejects a bad password

                Error: expect(locator).toBeVisible() failed
            ]]>
            </failure>
            <system-out>
            <![CDATA[
            [[ATTACHMENT|test-results/login-rejects/trace.zip]]
            ]]>
            </system-out>
            </testcase>
            </testsuite>
            </testsuites>
            """)
        #expect(statuses(playwright) == ["logs in → passed", "rejects a bad password → failed"])
        #expect(playwright[1]["output"]?.text.contains("trace.zip") == true)
        let xcode = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="MyAppTests.xctest" tests="3" failures="1">
              <testsuite name="MyAppTests.LoginTests" tests="3" failures="1">
                <testcase classname="MyAppTests.LoginTests" name="testLogin" time="0.512">
                  <failure message="XCTAssertTrue failed">/Users/ci/MyAppTests/LoginTests.swift:42</failure>
                </testcase>
                <testcase classname="MyAppTests.LoginTests" name="testLogin" time="0.401"/>
                <testcase classname="MyAppTests.LoginTests" name="testLogout" time="0.120"/>
              </testsuite>
            </testsuites>
            """)
        #expect(statuses(xcode) == ["testLogin → failed", "testLogin → passed", "testLogout → passed"], "a retried test is each of its runs")
    }

    /// Counts come from the cases; a suite that says otherwise gets a warning, not an error.
    @Test func aSuiteWhoseCountsDisagreeIsWarnedAbout() throws {
        var warnings: [Diagnostic] = []
        let records = try JUnitReader().read(Array("""
            <testsuites>
            <testsuite name="outer" tests="3" failures="1">
              <testsuite name="inner" tests="3" failures="0" skipped="0">
                <testcase name="a"/><testcase name="b"><failure/></testcase>
              </testsuite>
              <testcase name="c"/>
            </testsuite>
            </testsuites>
            """.utf8), path: "results.xml", warnings: &warnings)
        #expect(records.count == 3)
        #expect(warnings.map(\.message) == [#"suite 'inner' says tests="3" failures="0" but holds 2 runs, 1 failure"#])
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.location?.line == 3)
    }

    @Test func theWorstOutcomeOfACaseWins() throws {
        let records = try read("""
            <testsuite name="s"><testcase name="t"><skipped message="flaky"/><failure message="first">one</failure><error message="worst">two</error></testcase></testsuite>
            """)
        #expect(records[0]["status"] == .string("error"))
        #expect(records[0]["message"] == .string("worst"))
        #expect(records[0]["details"] == .string("two"))
    }

    @Test(arguments: ["", "abc", "1,234", "NaN", " 2.5 "])
    func timeIsANumberOrNull(time: String) throws {
        let records = try read(#"<testsuite name="s"><testcase name="t" time="\#(time)"/></testsuite>"#)
        #expect(records[0]["time"] == (time == " 2.5 " ? .number(Number(text: "2.5", value: 2.5)) : .null))
        #expect(try read(#"<testsuite name="s"><testcase name="t"/></testsuite>"#)[0]["time"] == .null)
    }

    @Test(arguments: [
        (#"<?xml version="1.0"?><test-run id="2" testcasecount="1"></test-run>"#, "this is an NUnit 3 result file, not JUnit XML"),
        (#"<TestRun id="1" xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010"></TestRun>"#, "this is a Visual Studio TRX file, not JUnit XML"),
        ("<report><case/></report>", "the root element <report> is not <testsuites> or <testsuite>"),
    ])
    func otherXMLIsNamed(text: String, message: String) throws {
        #expect(error(text)?.message == message)
    }

    @Test func malformedXMLReportsLineAndColumn() throws {
        let diagnostic = try #require(error("<testsuite name=\"s\">\n  <testcase name=\"a\">\n</testsuite>\n"))
        #expect(diagnostic.location?.path == "results.xml")
        #expect(diagnostic.location?.line == 3)
        #expect(diagnostic.message == "invalid XML: an end tag does not match the element it closes")
    }

    /// No document type, so no external entity and no billion laughs.
    @Test func documentTypesAreRefused() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <testsuite name="&lol2;"/>
            """
        let diagnostic = try #require(error(laughs))
        #expect(diagnostic.message == "JUnit XML does not use a document type (<!DOCTYPE>)")
        #expect(diagnostic.location?.line == 2)
        let external = "<!DOCTYPE t [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><testsuite name=\"&x;\"/>"
        #expect(error(external) != nil)
    }

    /// A bare processing instruction crashed the process inside Foundation's parser (found by
    /// fuzzing): every one but the declaration is refused at its place, before parsing.
    @Test(arguments: ["<?x?>", "<?x?><testsuite/>", "<?xml version=\"1.0\"?>\n<testsuite>\n<?x?>\n</testsuite>",
                      "<?xml-stylesheet href=\"a.xsl\"?><testsuite/>", "\n<?xml version=\"1.0\"?><testsuite/>"])
    func processingInstructionsOtherThanTheDeclarationAreRefused(text: String) throws {
        let diagnostic = try #require(error(text))
        #expect(diagnostic.message == "JUnit XML does not use processing instructions (<?…?>) other than the XML declaration")
        #expect(diagnostic.location?.line == (text.hasPrefix("<?xml version") ? 3 : text.hasPrefix("\n") ? 2 : 1))
    }

    @Test func theDeclarationIsReadWithOrWithoutAByteOrderMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"s\"><testcase name=\"t\"/></testsuite>"
        #expect(try JUnitReader().read(Array(text.utf8), path: "r.xml").count == 1)
        #expect(try JUnitReader().read([0xEF, 0xBB, 0xBF] + Array(text.utf8), path: "r.xml").count == 1)
    }

    @Test func readsThroughDataReaderByExtension() throws {
        guard case .records(let records) = try DataReader.read(Array(#"<testsuite name="s"><testcase name="t"/></testsuite>"#.utf8), path: "TEST-s.xml")
        else {
            Issue.record("not records")
            return
        }
        #expect(records.count == 1)
        #expect(DataFormat(path: "report.XML") == .testResults)
    }
}
