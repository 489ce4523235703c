import AlmanacCore
import AlmanacModel

/// One row for a test that was *retried*: the attempts a runner marks as such, folded into the
/// run they retried. Only retries fold — a name repeated for another run stays a row of its own
/// (`TestRuns`) — and only a retry makes a test flaky: it failed, was tried again, and passed.
/// Retries come as repeated cases in a file read by `--repeats attempts` (pytest-rerunfailures
/// 16 writes one case per attempt, the earlier ones with no failure in them), or as the results
/// of a rerun job given with `--rerun`. (Surefire's retries inside one case are read as one
/// case by `JUnitReader`.)
public enum TestAttempts {
    /// `attempts` in the order they ran, as one row: the last attempt's outcome, the failure
    /// that makes a pass flaky, the time of them all, and how it went (`passed on attempt 2 of
    /// 2`). `retriedAfterFailure`: each attempt but the last is known to have failed, since the
    /// runner retries only a failure, whatever the file wrote of it.
    public static func fold(_ attempts: [Record], retriedAfterFailure: Bool) -> Object {
        guard let last = attempts.last else { return Object() }
        guard attempts.count > 1 else { return last.fields }
        let status = last["status"]?.text ?? ""
        let earlier = attempts.dropLast()
        let failedEarlier = earlier.filter { PageSettings.isFailing($0) }
        let isFlaky = status == "passed" && (retriedAfterFailure || !failedEarlier.isEmpty)
        // The row says why it needed another attempt: a flaky test's first failure, else the last.
        let shown = isFlaky ? failedEarlier.first ?? last : last
        var fields = shown.fields
        fields.set("status", .string(status))
        if shown.location != last.location {
            for field in ["time", "output"] { fields.set(field, last[field] ?? .null) }
        }
        let seconds = attempts.compactMap { record -> Double? in if case .number(let time)? = record["time"] { time.value } else { nil } }
        if !seconds.isEmpty {
            let total = (seconds.reduce(0, +) * 1_000_000).rounded() / 1_000_000
            fields.set("time", .number(Number(text: String(total), value: total)))
        }
        fields.set("attempts", .string(said(status: status, attempts: attempts, isFlaky: isFlaky, retriedAfterFailure: retriedAfterFailure)))
        fields.set("flaky", isFlaky ? .bool(true) : .null)
        return fields
    }

    /// How the attempts went, as a person says it.
    public static func said(status: String, attempts: [Record], isFlaky: Bool, retriedAfterFailure: Bool) -> String {
        let count = attempts.count
        if isFlaky { return "passed on attempt \(count) of \(count)" }
        let word = status == "error" ? "errored" : status
        let isFailing = status == "failed" || status == "error"
        let same = (retriedAfterFailure && isFailing) || attempts.allSatisfy { $0["status"]?.text == status }
        return same ? "\(word) on all \(count) attempts" : "\(word) on attempt \(count) of \(count)"
    }

    /// A file's cases with each name's repeats folded as attempts, in the order names first ran.
    public static func foldRepeats(_ records: [Record]) -> [Record] {
        var order: [String] = []
        var attempts: [String: [Record]] = [:]
        for record in records {
            let key = TestRuns.testIdentity(of: record)
            if attempts[key] == nil { order.append(key) }
            attempts[key, default: []].append(record)
        }
        guard order.count < records.count else { return records }
        var builder = RecordTable.Builder()
        for key in order {
            guard let runs = attempts[key], let first = runs.first else { continue }
            builder.append(fold(runs, retriedAfterFailure: true), at: first.location)
        }
        return builder.finish()
    }
}
