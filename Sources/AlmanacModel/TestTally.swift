import AlmanacCore

/// How a test report's rows add up. Each row is one *run*; a *test* is every run of one name
/// (in one class and shard), so the two counts differ wherever a runner ran a test more than
/// once (data providers, parameterised and repeated tests, `-count=N`). The summary says both
/// where they differ, and the gate fails on a test with any failed run.
public struct TestTally: Sendable, Equatable {
    public var tests: Int
    public var runs: Int
    /// The rule a name repeated in one file was read by, where one was; nil where none was.
    public var repeats: TestRepeats?
    /// Tests with a failed or errored run, and tests whose every run was skipped.
    public var failingTests: Int
    public var skippedTests: Int
    /// What was read when it held no test at all: the report says so instead of counting.
    public var emptyFiles: [String]?

    public init(
        tests: Int, runs: Int, repeats: TestRepeats? = nil, failingTests: Int = 0, skippedTests: Int = 0, emptyFiles: [String]? = nil
    ) {
        self.tests = tests
        self.runs = runs
        self.repeats = repeats
        self.failingTests = failingTests
        self.skippedTests = skippedTests
        self.emptyFiles = emptyFiles
    }
}
