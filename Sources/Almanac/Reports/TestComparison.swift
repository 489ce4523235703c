import AlmanacCore
import AlmanacModel

/// Sorts a run's tests against a baseline as a reviewer reads a change: what broke (new
/// failures), what was already broken (still failing), what this change fixed, what is new,
/// and what is gone. Each row gets its `outcome`, the section it is listed in, and `previous`,
/// its status in the baseline (`new` when it had none).
enum TestComparison {
    /// The outcomes a compared report is grouped by, in the order a reviewer wants them.
    /// (`failed` and `error` are a run's with no baseline to compare with.)
    static let order = ["new failure", "still failing", "failed", "error", "fixed", "skipped", "passed"]

    /// A test counts as much slower when it takes twice as long as before and half a second
    /// more: a doubling of 2 ms is noise.
    static let slowerFactor = 2.0
    static let slowerSeconds = 0.5

    /// `baseline` nil (a first run): each test's outcome is its status, and there is no
    /// comparison to summarize.
    static func compare(_ records: [Record], with baseline: TestBaseline?) -> (records: [Record], comparison: BaselineComparison?) {
        guard let baseline else {
            var builder = RecordTable.Builder()
            for record in records {
                var fields = record.fields
                fields.set("outcome", record["status"] ?? .null)
                fields.set("previous", .null)
                builder.append(fields, at: record.location)
            }
            return (builder.finish(), nil)
        }
        var comparison = BaselineComparison()
        var seen = Set<String>()
        var slower: [BaselineComparison.Slower] = []
        var builder = RecordTable.Builder()
        for record in records {
            let key = TestBaseline.identity(of: record)
            seen.insert(key)
            let before = baseline.tests[key]
            let isFailing = PageSettings.isFailing(record)
            let wasFailing = before.map { $0.status == "failed" || $0.status == "error" } ?? false
            let status = record["status"]?.text ?? ""
            let outcome: String
            switch (isFailing, wasFailing) {
            case (true, true): outcome = "still failing"; comparison.stillFailing += 1
            case (true, false): outcome = "new failure"; comparison.newFailures += 1
            case (false, true) where status == "passed": outcome = "fixed"; comparison.fixed += 1
            default: outcome = status
            }
            if before == nil { comparison.newTests += 1 }
            if let then = before?.time, case .number(let now)? = record["time"],
                now.value >= then * slowerFactor && now.value - then >= slowerSeconds
            {
                slower.append(.init(label: record["name"]?.text ?? "", before: then, now: now.value))
            }
            var fields = record.fields
            fields.set("outcome", .string(outcome))
            fields.set("previous", .string(before?.status ?? "new"))
            builder.append(fields, at: record.location)
        }
        comparison.removed = baseline.order.filter { !seen.contains($0) }.compactMap { baseline.tests[$0]?.label }
        comparison.slower = Array(slower.sorted { a, b in
            let (growthA, growthB) = (a.now - a.before, b.now - b.before)
            return growthA != growthB ? growthA > growthB : a.label < b.label
        }.prefix(10))
        return (builder.finish(), comparison)
    }
}
