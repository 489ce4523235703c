import AlmanacCore

/// When a report fails the CI job that wrote it, after writing it: `--fail-on failures` for a
/// failing test, `--fail-on empty` for a run that ran nothing (a job whose tests were never
/// collected would otherwise pass, green and empty), `--min-tests N` for one that ran fewer
/// than it should have, `--fail-on new-failures` only for a test that failed now and not in the
/// baseline (with no baseline to compare with, every failure is new: a first run is not let off).
public struct TestGate: Sendable, Equatable {
    public enum Condition: String, Sendable, CaseIterable {
        case failures, empty
        case newFailures = "new-failures"
    }

    public var conditions: Set<Condition> = []
    public var minimumTests: Int?

    public init(conditions: Set<Condition> = [], minimumTests: Int? = nil) {
        self.conditions = conditions
        self.minimumTests = minimumTests
    }

    /// A report's tests, as the gate counts them: a skipped test did not run.
    public struct Counts: Sendable, Equatable {
        public var total = 0
        public var failing = 0
        public var skipped = 0
        /// Failing now and not in the baseline; every failure when there was none.
        public var newFailures = 0
        public var ran: Int { total - skipped }

        public init(total: Int = 0, failing: Int = 0, skipped: Int = 0, newFailures: Int? = nil) {
            self.total = total
            self.failing = failing
            self.skipped = skipped
            self.newFailures = newFailures ?? failing
        }
    }

    /// Why the job fails, one sentence per reason, or none.
    public func reasons(_ counts: Counts) -> [String] {
        var reasons: [String] = []
        if conditions.contains(.failures) && counts.failing > 0 {
            reasons.append("\(counts.failing.grouped) test\(counts.failing == 1 ? "" : "s") failed")
        }
        if conditions.contains(.newFailures) && !conditions.contains(.failures) && counts.newFailures > 0 {
            reasons.append("\(counts.newFailures.grouped) new failure\(counts.newFailures == 1 ? "" : "s") since the baseline")
        }
        if conditions.contains(.empty) && counts.ran == 0 {
            reasons.append(counts.total == 0 ? "no test ran: the report holds none" : "no test ran: all \(counts.total.grouped) were skipped")
        }
        if let minimumTests, counts.ran < minimumTests {
            reasons.append("\(counts.ran.grouped) test\(counts.ran == 1 ? "" : "s") ran, fewer than --min-tests \(minimumTests.grouped)")
        }
        return reasons
    }
}
