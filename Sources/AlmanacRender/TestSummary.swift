import AlmanacCore
import AlmanacModel

/// The line a test report opens with, in every format and in the page's language:
/// `1,204 tests: 1,190 passed, 9 failed, 5 skipped · 3 m 12 s`. Counted from the rows
/// themselves, each a run, in the order a reader scans for trouble; where a test ran more than
/// once it says both, `670 tests, 808 runs: 790 passed, 14 skipped, 4 failed`, and by which rule
/// a name repeated in one file was read. A report of no tests says where none were found.
public enum TestSummary {
    static let order = ["failed", "error", "skipped", "passed"]

    /// The summary of a page whose settings ask for one (`summary: tests`), else nil; with a
    /// baseline, its deltas: `1,204 tests: 9 failed (3 new), 1,195 passed (2 fixed) · 3 m 12 s`.
    public static func line(for page: Page) -> String? {
        guard page.settings.summary == .tests else { return nil }
        if let files = page.tally?.emptyFiles {
            return page.strings.text(.reportNoResults, ["files": page.strings.list(files.isEmpty ? ["(none)"] : files)])
        }
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
        let strings = page.strings
        let keys: [String: InterfaceString] = ["failed": .reportFailed, "error": .reportErrors, "skipped": .reportSkipped, "passed": .reportPassed]
        var parts: [String] = []
        for status in order {
            guard let count = counts[status], let key = keys[status] else { continue }
            var asides: [String] = []
            if let new = newCounts[status], comparison != nil { asides.append(strings.counted(.reportNew, new)) }
            if status == "passed" {
                if let fixed = comparison?.fixed, fixed > 0 { asides.append(strings.counted(.reportFixed, fixed)) }
                if flaky > 0 { asides.append(strings.counted(.reportFlaky, flaky)) }
            }
            let part = strings.counted(key, count)
            parts.append(asides.isEmpty ? part : strings.text(.reportAside, ["text": part, "aside": strings.parts(asides)]))
        }
        let others = counts.filter { !order.contains($0.key) }.values.reduce(0, +)
        if others > 0 { parts.append(strings.counted(.reportOther, others)) }
        var tests = strings.counted(.reportTests, page.tally?.tests ?? page.rowCount)
        if let tally = page.tally, tally.tests != page.rowCount { tests = strings.parts([tests, strings.counted(.reportRuns, page.rowCount)]) }
        var line = parts.isEmpty ? tests : strings.text(.reportSummary, ["tests": tests, "outcomes": strings.parts(parts)])
        if hasTime { line += " · " + FieldText.duration(seconds, strings: strings) }
        if let comparison, comparison.newTests > 0 || !comparison.removed.isEmpty {
            var changes: [String] = []
            if comparison.newTests > 0 { changes.append(strings.counted(.reportAdded, comparison.newTests)) }
            if !comparison.removed.isEmpty { changes.append(strings.counted(.reportRemoved, comparison.removed.count)) }
            line += " · " + strings.text(.reportSinceBaseline, ["changes": strings.parts(changes)])
        }
        switch page.tally?.repeats {
        case .runs?: line += " · " + strings.text(.reportRepeatsRuns)
        case .attempts?: line += " · " + strings.text(.reportRepeatsAttempts)
        case nil: break
        }
        return line
    }
}
