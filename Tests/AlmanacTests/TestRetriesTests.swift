@testable import Almanac
import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// A test that ran more than once is one row that says how its attempts went.
@Suite struct TestRetriesTests {
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

    @Test func aPassAfterAFailureIsFlakyAndKeepsTheFailure() {
        let folded = TestRetries.fold([
            record("a", "failed", message: "timed out"), record("b", "passed"), record("a", "failed", message: "timed out again"),
            record("a", "passed", time: 2),
        ])
        #expect(folded.count == 2)
        #expect(folded[0]["status"]?.text == "passed" && folded[0]["flaky"] == .bool(true))
        #expect(folded[0]["attempts"]?.text == "passed on attempt 3 of 3")
        #expect(folded[0]["message"]?.text == "timed out", "why it is flaky")
        #expect(folded[0]["time"]?.text == "4.0", "the time of every attempt")
        #expect(folded[1]["name"]?.text == "b" && folded[1]["attempts"] == nil)
    }

    @Test func withoutAPassTheWorstAttemptIsShown() {
        let failing = TestRetries.fold([record("a", "skipped"), record("a", "failed", message: "one"), record("a", "failed", message: "two")])
        #expect(failing[0]["status"]?.text == "failed" && failing[0]["flaky"] == .null)
        #expect(failing[0]["attempts"]?.text == "failed on 2 of 3 attempts")
        #expect(failing[0]["message"]?.text == "two", "the last failure")
        let errors = TestRetries.fold([record("a", "error"), record("a", "error")])
        #expect(errors[0]["attempts"]?.text == "errored on all 2 attempts")
        let passes = TestRetries.fold([record("a", "passed"), record("a", "passed")])
        #expect(passes[0]["attempts"]?.text == "passed on all 2 attempts" && passes[0]["flaky"] == .null)
    }

    /// Shards labelled with where they ran are different tests.
    @Test func labelledShardsStayApart() {
        let folded = TestRetries.fold([record("a", "passed", run: "ubuntu"), record("a", "failed", run: "windows")])
        #expect(folded.map { $0["status"]?.text ?? "" } == ["passed", "failed"])
    }

    @Test func aRunOfUniqueTestsIsLeftAsItIs() {
        let records = [record("a", "passed"), record("b", "failed")]
        #expect(TestRetries.fold(records) == records)
    }

    /// A matrix's shards: folded into one row by default (flaky, across the two files), kept
    /// apart as two rows with `--label-by folder`.
    @Test func shardsFoldUnlessLabelled() throws {
        let ubuntu = #"<testsuite name="s"><testcase classname="c" name="t" time="1"/></testsuite>"#
        let windows = #"<testsuite name="s"><testcase classname="c" name="t" time="2"><failure message="path"/></testcase></testsuite>"#
        let fileSystem = MemoryFileSystem(["reports/ubuntu/junit.xml": ubuntu, "reports/windows/junit.xml": windows])
        var options = SinglePageRenderer.Options(dataPaths: ["reports/ubuntu/junit.xml", "reports/windows/junit.xml"])
        options.formats = [.markdown]
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let folded = try #require(fileSystem.text("Output/report.md"))
        #expect(folded.contains("**1 test: 1 passed (1 flaky) · 3 s**"))
        #expect(folded.contains("## flaky\n\n| Name | Suite | Time | Message | Attempts |\n| --- | --- | --- | --- | --- |\n"
            + "| t | s | 3 s | path | passed on attempt 1 of 2 |"))
        options.labelBy = .folder
        try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let apart = try #require(fileSystem.text("Output/report.md"))
        #expect(apart.contains("**2 tests: 1 failed, 1 passed · 3 s**"))
        #expect(apart.contains("| t | ubuntu | 1 s |"), "\(apart)")
    }
}
