import AlmanacCore
import AlmanacModel

/// One row per test, however many times it ran: a test repeated in one results file (a
/// runner's retries) or across the files given (a rerun job, shards that overlap) is folded
/// into one row that says how its attempts went, `passed on attempt 2 of 3`, and is flaky when
/// it both failed and passed. Shards a user wants kept apart are labelled (`--label-by`), which
/// makes their tests different tests.
enum TestRetries {
    static func fold(_ records: [Record]) -> [Record] {
        var order: [String] = []
        var attempts: [String: [Record]] = [:]
        for record in records {
            let key = TestBaseline.identity(of: record)
            if attempts[key] == nil { order.append(key) }
            attempts[key, default: []].append(record)
        }
        guard order.count < records.count else { return records }
        var builder = RecordTable.Builder()
        for key in order {
            guard let runs = attempts[key], let first = runs.first else { continue }
            if runs.count == 1 {
                builder.append(first.fields, at: first.location)
            } else {
                builder.append(folded(runs), at: first.location)
            }
        }
        return builder.finish()
    }

    /// The rank of a status among a test's attempts when none passed: the worst is the one shown.
    static let rank = ["skipped": 0, "passed": 1, "failed": 2, "error": 3]

    /// A test's attempts as one row: its final word, the failure that makes it flaky or failing,
    /// and the time all of them took.
    static func folded(_ runs: [Record]) -> Object {
        let statuses = runs.map { $0["status"]?.text ?? "" }
        let firstPass = statuses.firstIndex(of: "passed")
        let failing = runs.filter { PageSettings.isFailing($0) }
        let isFlaky = firstPass != nil && !failing.isEmpty
        let status = isFlaky ? "passed" : statuses.max { rank[$0, default: 0] < rank[$1, default: 0] } ?? ""
        // The row says why it failed (a flaky test's failure, else the last failing attempt).
        let shown = isFlaky ? failing[0] : runs.last { $0["status"]?.text == status } ?? runs[runs.count - 1]
        var fields = shown.fields
        fields.set("status", .string(status))
        let seconds = runs.compactMap { record -> Double? in if case .number(let time)? = record["time"] { time.value } else { nil } }
        if !seconds.isEmpty {
            let total = seconds.reduce(0, +)
            fields.set("time", .number(Number(text: String(total), value: total)))
        }
        let count = runs.count
        let word = status == "error" ? "errored" : status
        let same = statuses.filter { $0 == status }.count
        let attempts = if isFlaky, let firstPass {
            "passed on attempt \(firstPass + 1) of \(count)"
        } else if same == count {
            "\(word) on all \(count) attempts"
        } else {
            "\(word) on \(same) of \(count) attempts"
        }
        fields.set("attempts", .string(attempts))
        fields.set("flaky", isFlaky ? .bool(true) : .null)
        return fields
    }
}
