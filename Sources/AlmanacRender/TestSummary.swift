import AlmanacCore
import AlmanacModel

/// The line a test report opens with, in every format:
/// `1,204 tests: 1,190 passed, 9 failed, 5 skipped · 3 m 12 s`. Counted from the rows
/// themselves (never from a suite's attributes), in the order a reader scans for trouble.
public enum TestSummary {
    static let order = ["failed", "error", "skipped", "passed"]

    /// The summary of a page whose settings ask for one (`summary: tests`), else nil; with a
    /// baseline, its deltas: `1,204 tests: 9 failed (3 new), 1,195 passed (2 fixed) · 3 m 12 s`.
    public static func line(for page: Page) -> String? {
        guard page.settings.summary == .tests else { return nil }
        var counts: [String: Int] = [:]
        var newCounts: [String: Int] = [:]
        var flaky = 0
        var seconds = 0.0
        var hasTime = false
        for section in page.sections {
            for row in section.rows {
                let status = row.record["status"]?.text ?? ""
                counts[status, default: 0] += 1
                switch row.record["outcome"]?.text {
                case "new failure", "new error": newCounts[status, default: 0] += 1
                case "flaky": flaky += 1
                default: break
                }
                if case .number(let time)? = row.record["time"] {
                    seconds += time.value
                    hasTime = true
                }
            }
        }
        let comparison = page.comparison
        var parts: [String] = []
        for status in order {
            guard let count = counts[status] else { continue }
            var part = "\(grouped(count)) \(status == "error" ? (count == 1 ? "error" : "errors") : status)"
            if let new = newCounts[status], comparison != nil { part += " (\(grouped(new)) new)" }
            if status == "passed" {
                let notes = [(comparison?.fixed ?? 0, "fixed"), (flaky, "flaky")].filter { $0.0 > 0 }.map { "\(grouped($0.0)) \($0.1)" }
                if !notes.isEmpty { part += " (" + notes.joined(separator: ", ") + ")" }
            }
            parts.append(part)
        }
        let others = counts.filter { !order.contains($0.key) }.values.reduce(0, +)
        if others > 0 { parts.append("\(grouped(others)) other") }
        let total = page.rowCount
        var line = "\(grouped(total)) test\(total == 1 ? "" : "s")"
        if !parts.isEmpty { line += ": " + parts.joined(separator: ", ") }
        if hasTime { line += " · " + duration(seconds) }
        if let comparison, comparison.newTests > 0 || !comparison.removed.isEmpty {
            var changes: [String] = []
            if comparison.newTests > 0 { changes.append("\(grouped(comparison.newTests)) added") }
            if !comparison.removed.isEmpty { changes.append("\(grouped(comparison.removed.count)) removed") }
            line += " · " + changes.joined(separator: ", ") + " since the baseline"
        }
        return line
    }

    /// `1204` → `1,204`.
    static func grouped(_ number: Int) -> String { number.grouped }

    static func duration(_ seconds: Double) -> String { FieldText.duration(seconds) }
}
