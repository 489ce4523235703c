import AlmanacCore
import AlmanacModel

/// Decides each test's `outcome`, the section a report lists it in, as a reviewer reads a run:
/// what broke (new failures and errors), what was already broken (still failing or erroring),
/// what this change fixed, what is flaky (failed, was retried and passed: a flip across the
/// history is not a retry), and otherwise its status; so the section always says the test's status. Against
/// a baseline each row also gets `previous`, its status there where that differs (`new` when
/// it had none), and the comparison counts what the rows cannot say: the tests that are gone.
public enum TestComparison {
    /// The outcomes a report is grouped by, in the order a reviewer wants them: what this
    /// change broke and fixed, then what was broken already. `failed` and `error` are a run's
    /// with no baseline to compare with.
    public static let order = [
        "new failure", "new error", "fixed", "still failing", "still erroring", "failed", "error", "flaky", "skipped", "passed",
    ]

    /// A test counts as much slower when it takes twice as long as before and half a second
    /// more: a doubling of 2 ms is noise.
    public static let slowerFactor = 2.0
    public static let slowerSeconds = 0.5

    /// `baseline` nil (none asked for, or a first run): no comparison to summarize.
    /// `identities` are the records' (`TestBaseline.identity`), and `flips` their flips in the
    /// history (`TestHistory.flips`), each set on its record where there is one.
    public static func compare(
        _ records: [Record], identities: [String], flips: [String?]?, with baseline: TestBaseline?
    ) -> (records: [Record], comparison: BaselineComparison?) {
        var comparison = BaselineComparison()
        var seen = Set<String>()
        var slower: [BaselineComparison.Slower] = []
        var builder = RecordTable.Builder()
        for (row, record) in records.enumerated() {
            let key = identities[row]
            seen.insert(key)
            let before = baseline?.tests[key]
            let values = record.values(["status", "flaky", "time"])
            let status = values[0]?.text
            let outcome = outcome(status: status, flaky: values[1] == .bool(true), before: before, hasBaseline: baseline != nil)
            switch outcome {
            case "new failure", "new error": comparison.newFailures += 1
            case "still failing", "still erroring": comparison.stillFailing += 1
            case "fixed": comparison.fixed += 1
            default: break
            }
            if baseline != nil && before == nil { comparison.newTests += 1 }
            if let then = before?.time, case .number(let now)? = values[2],
                now.value >= then * slowerFactor && now.value - then >= slowerSeconds
            {
                slower.append(.init(label: record["name"]?.text ?? "", before: then, now: now.value))
            }
            var fields = record.fields
            if let flip = flips?[row] { fields.set("flips", .string(flip)) }
            fields.set("outcome", .string(outcome))
            // What it was, where that differs from what it is: `new` for a test the baseline lacked.
            if baseline != nil {
                fields.set("previous", before.map { $0.status == status ? .null : .string($0.status) } ?? .string("new"))
            }
            builder.append(fields, at: record.location)
        }
        guard let baseline else { return (builder.finish(), nil) }
        comparison.removed = baseline.order.filter { !seen.contains($0) }.compactMap { baseline.tests[$0]?.label }
        comparison.slower = Array(slower.sorted { a, b in
            let (growthA, growthB) = (a.now - a.before, b.now - b.before)
            return growthA != growthB ? growthA > growthB : a.label < b.label
        }.prefix(10))
        return (builder.finish(), comparison)
    }

    /// A failure is new or still failing against a baseline; a pass after failed attempts is
    /// flaky whatever came before; a pass of a test that failed in the baseline is fixed;
    /// else the test's status.
    public static func outcome(status: String?, flaky: Bool, before: TestBaseline.Test?, hasBaseline: Bool) -> String {
        let status = status ?? ""
        let wasFailing = before.map { $0.status == "failed" || $0.status == "error" } ?? false
        if PageSettings.isFailing(status: status) {
            guard hasBaseline else { return status }
            switch (wasFailing, status) {
            case (true, "error"): return "still erroring"
            case (true, _): return "still failing"
            case (false, "error"): return "new error"
            default: return "new failure"
            }
        }
        if flaky { return "flaky" }
        if wasFailing && status == "passed" { return "fixed" }
        return status
    }
}
