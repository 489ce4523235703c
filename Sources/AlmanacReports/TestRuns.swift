import AlmanacCore
import AlmanacModel

/// A report's rows from the results files read: one row per run. A name repeated among them is
/// another run of one test (a data provider's rows, a repeated test, `go test -count=2`, the same
/// test in two shards no label keeps apart), never a retry; its runs are numbered (`repeat`),
/// since nothing else tells them apart. Retries fold first (`TestAttempts`): repeats in a file
/// read as attempts, and each test of a rerun job onto the run it retried.
public enum TestRuns {
    /// A results file's records, and the rule its repeated names were read by.
    public struct File: Sendable {
        public var path: String
        public var records: [Record]
        public var repeats: TestRepeats

        public init(path: String, records: [Record], repeats: TestRepeats) {
            (self.path, self.records, self.repeats) = (path, records, repeats)
        }
    }

    /// A test is one name in one class (else suite) and shard, whatever its runs.
    public static func testIdentity(of record: Record) -> String {
        let values = record.values(["classname", "suite", "name", "run"])
        return TestBaseline.identity(classname: values[0]?.text, suite: values[1]?.text, name: values[2]?.text ?? "", run: values[3]?.text)
    }

    /// The rows of `files`, with `reruns` folded onto the runs they retried. `warnings` gains a
    /// word for each rerun of a test that no results file ran.
    public static func rows(_ files: [File], reruns: [File], warnings: inout [Diagnostic]) -> [Record] {
        var records: [Record] = []
        for file in files {
            records += file.repeats == .attempts ? TestAttempts.foldRepeats(file.records) : file.records
        }
        if !reruns.isEmpty { records = fold(reruns.flatMap(\.records), onto: records, warnings: &warnings) }
        return numbered(records)
    }

    /// Each rerun onto the run it retried: the test's first failing run, else its last.
    public static func fold(_ reruns: [Record], onto records: [Record], warnings: inout [Diagnostic]) -> [Record] {
        var target: [String: Int] = [:]
        for (index, record) in records.enumerated() {
            let key = testIdentity(of: record)
            if let known = target[key], PageSettings.isFailing(records[known]) { continue }
            target[key] = index
        }
        var retries: [Int: [Record]] = [:]
        var unmatched: [Record] = []
        for rerun in reruns {
            guard let index = target[testIdentity(of: rerun)] else {
                unmatched.append(rerun)
                continue
            }
            retries[index, default: []].append(rerun)
        }
        for record in unmatched {
            warnings.append(.warning(
                at: record.location, "'\(record["name"]?.text ?? "")' was rerun, but no results file ran it first",
                hint: "give --rerun the results of a job that retried tests of the files given before it"))
        }
        var builder = RecordTable.Builder()
        for (index, record) in records.enumerated() {
            if let attempts = retries[index] {
                builder.append(TestAttempts.fold([record] + attempts, retriedAfterFailure: false), at: record.location)
            } else {
                builder.append(record.fields, at: record.location)
            }
        }
        for record in unmatched { builder.append(record.fields, at: record.location) }
        return builder.finish()
    }

    /// The runs of a test that ran more than once numbered 1, 2, … in the order they ran.
    public static func numbered(_ records: [Record]) -> [Record] {
        var counts: [String: Int] = [:]
        let keys = records.map(testIdentity)
        for key in keys { counts[key, default: 0] += 1 }
        guard counts.count < records.count else { return records }
        var seen: [String: Int] = [:]
        var builder = RecordTable.Builder()
        for (record, key) in zip(records, keys) {
            guard counts[key, default: 0] > 1 else {
                builder.append(record.fields, at: record.location)
                continue
            }
            seen[key, default: 0] += 1
            var fields = record.fields
            let number = seen[key, default: 1]
            fields.set("repeat", .number(Number(text: String(number), value: Double(number))))
            builder.append(fields, at: record.location)
        }
        return builder.finish()
    }

    /// The tests and runs of `records`: a test fails with any failed run, and is skipped when
    /// every run was.
    public static func tally(_ records: [Record], repeats: TestRepeats?) -> TestTally {
        var failing = Set<String>()
        var ran = Set<String>()
        var tests = Set<String>()
        for record in records {
            let key = testIdentity(of: record)
            tests.insert(key)
            if PageSettings.isFailing(record) { failing.insert(key) }
            if record["status"]?.text != "skipped" { ran.insert(key) }
        }
        return TestTally(
            tests: tests.count, runs: records.count, repeats: repeats, failingTests: failing.count, skippedTests: tests.count - ran.count)
    }
}
