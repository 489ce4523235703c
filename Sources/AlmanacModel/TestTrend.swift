/// A test report's runs over time (`--history`), oldest first and this run last: what the trend
/// chart draws and the runs table lists.
public struct TestTrend: Sendable, Equatable {
    public struct Run: Sendable, Equatable {
        /// The run's number in the history, counting every run it has recorded.
        public var number: Int
        public var tests: Int
        public var failed: Int
        public var error: Int
        public var flaky: Int
        public var skipped: Int
        /// Passed, less the flaky ones.
        public var passed: Int
        public var seconds: Double

        public init(number: Int, tests: Int, failed: Int, error: Int, flaky: Int, skipped: Int, passed: Int, seconds: Double) {
            self.number = number
            self.tests = tests
            self.failed = failed
            self.error = error
            self.flaky = flaky
            self.skipped = skipped
            self.passed = passed
            self.seconds = seconds
        }
    }

    public var runs: [Run]

    public init(runs: [Run]) {
        self.runs = runs
    }
}
