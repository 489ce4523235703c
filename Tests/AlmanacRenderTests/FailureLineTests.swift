import AlmanacRender
import Testing

/// The line a failure is annotated on comes from its traceback, in each language's form.
@Suite struct FailureLineTests {
    @Test func pytestsShortTracebackNamesTheAssertion() {
        let details = """
            def test_reads_negative(self):
            >       assert parse("-7") == 7
            E       AssertionError

            tests/test_parser.py:13: AssertionError
            """
        #expect(FailureLine.find(in: details, file: "tests/test_parser.py") == 13)
    }

    /// Python prints the innermost frame last: the last frame in the test's file is where it failed.
    @Test func pythonsLongTracebackTakesTheLastFrameInTheFile() {
        let details = """
            Traceback (most recent call last):
              File "/home/ci/repo/tests/test_parser.py", line 20, in test_a
                helper()
              File "/home/ci/repo/tests/test_parser.py", line 8, in helper
                assert False
              File "/home/ci/repo/lib/parser.py", line 3, in parse
            """
        #expect(FailureLine.find(in: details, file: "tests/test_parser.py") == 8)
    }

    /// Java prints the innermost frame first, naming files by their name alone.
    @Test func javasStackTraceTakesTheFirstFrameInTheFile() {
        let details = """
            org.opentest4j.AssertionFailedError: expected: <2> but was: <3>
                at org.testResults.jupiter.api.AssertionUtils.fail(AssertionUtils.java:55)
                at com.acme.CalcTest.check(CalcTest.java:40)
                at com.acme.CalcTest.divides(CalcTest.java:21)
            """
        #expect(FailureLine.find(in: details, file: "src/test/java/com/acme/CalcTest.java") == 40)
    }

    @Test func jestAndGoFrames() {
        #expect(FailureLine.find(in: "    at Object.<anonymous> (src/sum.test.js:5:17)", file: "src/sum.test.js") == 5)
        #expect(FailureLine.find(in: "=== RUN   TestSum\n    sum_test.go:12: want 3, got 4", file: "pkg/sum_test.go") == 12)
    }

    /// A file of the same name elsewhere, or one whose name ends the same, is not the test's file.
    @Test func otherFilesAreNotTaken() {
        #expect(FailureLine.find(in: "lib/test_parser.py:4: in parse", file: "tests/test_parser.py") == nil)
        #expect(FailureLine.find(in: "tests/my_test_parser.py:4: x", file: "tests/test_parser.py") == nil)
        #expect(FailureLine.find(in: "tests/test_parser.py was not run", file: "tests/test_parser.py") == nil)
        #expect(FailureLine.find(in: "", file: "") == nil)
    }
}
