import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// A test report's memory without a server (`--history FILE`): one NDJSON line per run, the
/// last `limit` runs kept, which a CI job carries from run to run (in a cache, an artifact, a
/// branch). Each line holds the run's counts and time and the tests that failed or were
/// flaky, by identity (`TestBaseline.identity`); a test not named passed, or was skipped. The
/// report draws the counts as a trend and shows each test's flips between failing and passing.
/// A flip is not a retry: flaky is only what the runner or a rerun file marked as retried, so a
/// test that flips is shown with its flip rate and keeps its status.
///
/// A line: `{"run":12,"tests":1204,"failed":7,"error":2,"flaky":3,"skipped":5,"passed":1187,
/// "seconds":192.4,"failing":["…"],"flaky_tests":["…"]}`.
public struct TestHistory: Sendable {
    public struct Run: Sendable, Equatable {
        public var trend: TestTrend.Run
        public var failing: [String]
        public var flaky: [String]
    }

    public var runs: [Run] = []

    /// The history in `path`, or none when there is no file yet. A line that cannot be read
    /// (cut short by a killed writer of another tool, edited by hand) is a warning and is left
    /// out; the others are kept.
    public static func read(_ path: String, fileSystem: any FileSystem, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestHistory {
        guard fileSystem.exists(path) else { return TestHistory() }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(path)
        } catch {
            throw .error(at: SourceLocation(path: path), "cannot read the history: \((error as? FileSystemError)?.message ?? "\(error)")")
        }
        var history = TestHistory()
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) else { continue }
            let location = SourceLocation(path: path, line: lineNumber, column: 1)
            guard let value = try? JSONReader().read(Array(line), path: path), let run = Self.run(value) else {
                warnings.append(.warning(
                    at: location, "this line of the history is not a run Almanac wrote; it is left out",
                    hint: "each line is one run's JSON object; a line cut short by a killed job is safe to delete"))
                continue
            }
            history.runs.append(run)
        }
        return history
    }

    private static func run(_ value: Value) -> Run? {
        guard case .object(let object) = value else { return nil }
        func count(_ key: String) -> Int? {
            guard case .number(let number)? = object[key], number.value >= 0, number.value < 1e12 else { return nil }
            return Int(number.value)
        }
        func names(_ key: String) -> [String]? {
            guard case .list(let items)? = object[key] else { return object[key] == nil ? [] : nil }
            return items.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        guard let number = count("run"), let tests = count("tests"), let failed = count("failed"), let error = count("error"),
            let flaky = count("flaky"), let skipped = count("skipped"), let passed = count("passed"),
            case .number(let seconds)? = object["seconds"], let failing = names("failing"), let flakyTests = names("flaky_tests")
        else { return nil }
        let trend = TestTrend.Run(
            number: number, tests: tests, failed: failed, error: error, flaky: flaky, skipped: skipped, passed: passed,
            seconds: seconds.value)
        return Run(trend: trend, failing: failing, flaky: flakyTests)
    }

    /// This run, as its line will record it, numbered after the last one kept: `tests` counts
    /// tests, the statuses count runs, as the summary does.
    public func run(of records: [Record], identities: [String], tests: Int) -> Run {
        var trend = TestTrend.Run(
            number: (runs.last?.trend.number ?? 0) + 1, tests: tests, failed: 0, error: 0, flaky: 0, skipped: 0, passed: 0, seconds: 0)
        var failing: [String] = []
        var flaky: [String] = []
        for (record, identity) in zip(records, identities) {
            let values = record.values(["status", "outcome", "time", "flaky"])
            let status = values[0]?.text
            switch status {
            case "failed", "error":
                if status == "failed" { trend.failed += 1 } else { trend.error += 1 }
                failing.append(identity)
            case "skipped": trend.skipped += 1
            case "passed" where (values[1]?.text ?? status) == "flaky": trend.flaky += 1
            case "passed": trend.passed += 1
            default: break
            }
            if case .number(let time)? = values[2] { trend.seconds += time.value }
            if case .bool(true)? = values[3] { flaky.append(identity) }
        }
        return Run(trend: trend, failing: failing.sorted(), flaky: flaky.sorted())
    }

    /// Each test's flips across the kept runs and this one (`flipped 4 times in 30 runs
    /// (14%)`), nil for a test that did not flip; `identities` and `failing` are this run's
    /// tests, in order.
    public func flips(identities: [String], failing: [Bool]) -> [String?] {
        guard !runs.isEmpty else { return [String?](repeating: nil, count: identities.count) }
        // Which kept runs each test failed in, gathered once from the runs' short lists: asking
        // every run about every test would hash each name once per run.
        var failedIn: [String: [Int]] = [:]
        for (index, run) in runs.enumerated() {
            for name in run.failing where failedIn[name]?.last != index { failedIn[name, default: []].append(index) }
        }
        return zip(identities, failing).map { identity, failsNow in
            var states = [Bool](repeating: false, count: runs.count)
            for index in failedIn[identity] ?? [] { states[index] = true }
            states.append(failsNow)
            let flips = zip(states, states.dropFirst()).filter { $0 != $1 }.count
            guard flips > 0 else { return nil }
            let percent = Int((Double(flips) / Double(states.count - 1) * 100).rounded())
            return "flipped \(flips) time\(flips == 1 ? "" : "s") in \(states.count) runs (\(percent)%)"
        }
    }

    /// The kept runs and `run`, the last `limit` of them.
    public func appending(_ run: Run, limit: Int) -> TestHistory {
        TestHistory(runs: Array((runs + [run]).suffix(limit)))
    }

    public var trend: TestTrend { TestTrend(runs: runs.map(\.trend)) }

    /// One line per run, each a JSON object with its keys in a fixed order.
    public func ndjson() -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = JSONWriter(pretty: false)
        for run in runs {
            let trend = run.trend
            let counts: [(String, Int)] = [
                ("run", trend.number), ("tests", trend.tests), ("failed", trend.failed), ("error", trend.error), ("flaky", trend.flaky),
                ("skipped", trend.skipped), ("passed", trend.passed),
            ]
            var fields = counts.map { Object.Field(name: $0.0, value: .number(Number(text: String($0.1), value: Double($0.1)))) }
            let seconds = (trend.seconds * 1000).rounded() / 1000
            fields.append(.init(name: "seconds", value: .number(Number(text: String(seconds), value: seconds))))
            fields.append(.init(name: "failing", value: .list(run.failing.map { .string($0) })))
            fields.append(.init(name: "flaky_tests", value: .list(run.flaky.map { .string($0) })))
            bytes += writer.bytes(.object(Object(fields)))
            bytes.append(0x0A)
        }
        return bytes
    }

    /// Appends `run` to the file at `path`, keeping the last `limit` runs: read again and
    /// replaced in one step under a lock beside it (`FILE.lock`), so two jobs writing one
    /// history take turns and a killed one leaves the file as it was.
    public static func append(_ run: Run, to path: String, limit: Int, fileSystem: any FileSystem) throws(Diagnostic) {
        let folder = Path.directory(of: path)
        do {
            if !folder.isEmpty && !fileSystem.isDirectory(folder) { try fileSystem.createDirectory(folder) }
            try fileSystem.withLockFile(path + ".lock", whenBusy: {}) {
                var ignored: [Diagnostic] = []
                let current = (try? read(path, fileSystem: fileSystem, warnings: &ignored)) ?? TestHistory()
                // Another job may have added a run since this one read the file.
                var run = run
                run.trend.number = (current.runs.last?.trend.number ?? 0) + 1
                try fileSystem.replace(path, with: current.appending(run, limit: limit).ndjson())
            }
        } catch {
            throw .error(at: SourceLocation(path: path), "cannot write the history: \((error as? FileSystemError)?.message ?? "\(error)")")
        }
    }
}
