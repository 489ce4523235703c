import AlmanacModel
@testable import AlmanacReports
import Testing

/// A test's flips are counted across the kept runs and this one, from each run's list of the
/// tests that failed in it.
@Suite struct TestHistoryFlipsTests {
    static func run(_ number: Int, failing: [String]) -> TestHistory.Run {
        TestHistory.Run(
            trend: TestTrend.Run(number: number, tests: 3, failed: failing.count, error: 0, flaky: 0, skipped: 0, passed: 0, seconds: 1),
            failing: failing, flaky: [])
    }

    @Test func eachChangeBetweenFailingAndPassingIsAFlipAndAStableTestHasNone() {
        let history = TestHistory(runs: [Self.run(1, failing: ["a", "c"]), Self.run(2, failing: ["c"]), Self.run(3, failing: ["a", "c"])])
        let flips = history.flips(identities: ["a", "b", "c", "d"], failing: [false, false, true, true])
        #expect(flips == ["flipped 3 times in 4 runs (100%)", nil, nil, "flipped 1 time in 4 runs (33%)"])
    }

    @Test func aNameListedTwiceInOneRunIsOneFailureOfThatRun() {
        let history = TestHistory(runs: [Self.run(1, failing: ["a", "a"]), Self.run(2, failing: [])])
        #expect(history.flips(identities: ["a"], failing: [false]) == ["flipped 1 time in 3 runs (50%)"])
    }

    @Test func withoutAHistoryNothingFlips() {
        #expect(TestHistory().flips(identities: ["a", "b"], failing: [true, false]) == [nil, nil])
    }
}
