import AlmanacCore
import AlmanacModel
import AlmanacTemplate

/// Where a test run's time went: its slowest tests and each suite's time, for a reader who
/// asks why the job takes as long as it does. Folded by default in every format, below the
/// summary: a report is read for its failures first.
struct TestTimes {
    static let slowestShown = 10

    let slowest: [(label: String, suite: String, time: String)]
    /// Every suite, longest first: name, tests, time.
    let suites: [(name: String, tests: String, time: String)]
    let strings: InterfaceStrings

    init?(_ page: Page) {
        guard page.settings.summary == .tests else { return nil }
        var timed: [(row: Row, seconds: Double)] = []
        var bySuite: [String: (tests: Int, seconds: Double)] = [:]
        for section in page.sections {
            for row in section.rows {
                let seconds: Double = if case .number(let time)? = row.record["time"] { time.value } else { 0 }
                if seconds > 0 { timed.append((row, seconds)) }
                let suite = row.record["suite"]?.text ?? ""
                bySuite[suite, default: (0, 0)].tests += 1
                bySuite[suite, default: (0, 0)].seconds += seconds
            }
        }
        guard !timed.isEmpty else { return nil }
        let strings = page.strings
        self.strings = strings
        // Longest first; equal times in page order, so the same run reads the same.
        let order = timed.indices.sorted { timed[$0].seconds != timed[$1].seconds ? timed[$0].seconds > timed[$1].seconds : $0 < $1 }
        slowest = order.prefix(Self.slowestShown).map { index in
            let row = timed[index].row
            return (row.label, row.record["suite"]?.text ?? "", FieldText.duration(timed[index].seconds, strings: strings))
        }
        suites = bySuite.sorted { $0.value.seconds != $1.value.seconds ? $0.value.seconds > $1.value.seconds : $0.key < $1.key }
            .map { ($0.key, strings.number($0.value.tests), FieldText.duration($0.value.seconds, strings: strings)) }
    }

    /// One suite says nothing a column or a table of its own could add.
    var hasSuites: Bool { suites.count > 1 }

    var slowestTitle: String { strings.text(.reportSlowest) }
    var suitesTitle: String { strings.counted(.reportTimeBySuite, suites.count) }

    var templateValue: TemplateValue {
        .object([
            "slowestTitle": .string(slowestTitle), "suitesTitle": .string(suitesTitle), "hasSuites": .bool(hasSuites),
            "testHeading": .string(strings.text(.columnTest)), "suiteHeading": .string(strings.text(.columnSuite)),
            "timeHeading": .string(strings.text(.columnTime)), "testsHeading": .string(strings.text(.columnTests)),
            "slowest": .list(slowest.map { .object(["label": .string($0.label), "suite": .string($0.suite), "time": .string($0.time)]) }),
            "suites": .list(suites.map { .object(["name": .string($0.name), "tests": .string($0.tests), "time": .string($0.time)]) }),
        ])
    }

    /// Both tables, each folded, for the Markdown's head: the suites past the first 20 counted.
    var markdown: String {
        let (test, suite, time, tests) = (
            strings.text(.columnTest), strings.text(.columnSuite), strings.text(.columnTime), strings.text(.columnTests))
        let rows = slowest.map { hasSuites ? [$0.label, $0.suite, $0.time] : [$0.label, $0.time] }
        var text = MarkdownBlocks.details(label: slowestTitle, MarkdownBlocks.table(hasSuites ? [test, suite, time] : [test, time], rows))
        guard hasSuites else { return text }
        let shown = suites.prefix(20).map { [$0.name, $0.tests, $0.time] }
        var table = MarkdownBlocks.table([suite, tests, time], shown)
        if suites.count > shown.count {
            table += MarkdownBlocks.paragraph("*" + MarkdownEscape.text(strings.counted(.reportAndMore, suites.count - shown.count)) + "*")
        }
        text += MarkdownBlocks.details(label: suitesTitle, table)
        return text
    }
}
