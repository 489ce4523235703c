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

    /// `192.4` → `3 m 12 s`; under a minute to a tenth of a second, under a second in ms.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 60 {
            let tenths = (seconds * 10).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
        }
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return hours > 0 ? "\(hours) h \(minutes) m" : "\(minutes) m \(rest) s"
    }
}
