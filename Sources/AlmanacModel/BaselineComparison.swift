/// What a test report says of itself against an earlier run of the same tests (`--baseline`):
/// its rows carry their own change (`outcome`, `change`, `previous`); this holds what the rows
/// cannot, the tests that are gone and the counts the summary line names.
public struct BaselineComparison: Sendable, Equatable {
    public var newFailures = 0
    public var stillFailing = 0
    public var fixed = 0
    public var newTests = 0
    /// Tests in the baseline that this run does not have, by name, in the baseline's order.
    public var removed: [String] = []
    /// Tests that took much longer than before, slowest growth first (at most ten).
    public var slower: [Slower] = []

    public struct Slower: Sendable, Equatable {
        public var label: String
        public var before: Double
        public var now: Double

        public init(label: String, before: Double, now: Double) {
            self.label = label
            self.before = before
            self.now = now
        }
    }

    public init() {}
}
