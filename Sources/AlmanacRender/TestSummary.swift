import AlmanacCore
import AlmanacModel

/// The line a test report opens with, in every format:
/// `1,204 tests: 1,190 passed, 9 failed, 5 skipped · 3 m 12 s`. Counted from the rows
/// themselves (never from a suite's attributes), in the order a reader scans for trouble.
public enum TestSummary {
    static let order = ["failed", "error", "skipped", "passed"]

    /// The summary of a page whose settings ask for one (`summary: tests`), else nil.
    public static func line(for page: Page) -> String? {
        guard page.settings.summary == .tests else { return nil }
        var counts: [String: Int] = [:]
        var seconds = 0.0
        var hasTime = false
        for section in page.sections {
            for row in section.rows {
                counts[row.record["status"]?.text ?? "", default: 0] += 1
                if case .number(let time)? = row.record["time"] {
                    seconds += time.value
                    hasTime = true
                }
            }
        }
        let total = page.rowCount
        var parts = order.compactMap { status in counts[status].map { "\(grouped($0)) \(status == "error" ? ($0 == 1 ? "error" : "errors") : status)" } }
        let others = counts.filter { !order.contains($0.key) }.values.reduce(0, +)
        if others > 0 { parts.append("\(grouped(others)) other") }
        var line = "\(grouped(total)) test\(total == 1 ? "" : "s")"
        if !parts.isEmpty { line += ": " + parts.joined(separator: ", ") }
        if hasTime { line += " · " + duration(seconds) }
        return line
    }

    /// `1204` → `1,204`.
    static func grouped(_ number: Int) -> String { number.grouped }

    static func duration(_ seconds: Double) -> String { FieldText.duration(seconds) }
}
