import AlmanacCore
import AlmanacModel
import AlmanacTemplate

/// A test report's runs over time (`TestTrend`), drawn as inline SVG: no script, no file beside
/// the page, nothing a strict Content-Security-Policy blocks (colours come from the stylesheet
/// by class, not from style attributes). The bars are each run's failures, errors and flaky
/// tests, stacked; a run with none shows a green tick on the baseline; the line below is the
/// run's time. The same numbers are a table beside it, for a screen reader and for exact
/// values, and in the Markdown a table of the last runs.
struct TrendChart {
    let trend: TestTrend
    let strings: InterfaceStrings

    init?(_ page: Page) {
        guard let trend = page.trend, !trend.runs.isEmpty else { return nil }
        self.trend = trend
        strings = page.strings
    }

    static let width = 640.0
    static let barsTop = 4.0
    static let barsHeight = 90.0
    static let timeTop = 108.0
    static let timeHeight = 36.0
    static let height = 150.0
    static let left = 8.0

    var svg: String {
        let runs = trend.runs
        let slot = (Self.width - 2 * Self.left) / Double(max(runs.count, 1))
        let bar = max(2, min(28, slot * 0.7))
        let worst = max(1, runs.map { $0.failed + $0.error + $0.flaky }.max() ?? 1)
        let longest = max(0.001, runs.map(\.seconds).max() ?? 1)
        var parts: [String] = []
        let base = Self.barsTop + Self.barsHeight
        for (index, run) in runs.enumerated() {
            let x = Self.left + slot * Double(index) + (slot - bar) / 2
            var top = base
            for (count, kind) in [(run.failed, "failed"), (run.error, "error"), (run.flaky, "flaky")] where count > 0 {
                let height = max(1, Self.barsHeight * Double(count) / Double(worst))
                top -= height
                parts.append(#"<rect class="trend-\#(kind)" x="\#(Self.number(x))" y="\#(Self.number(top))" width="\#(Self.number(bar))" height="\#(Self.number(height))"/>"#)
            }
            if top == base {
                parts.append(#"<rect class="trend-passed" x="\#(Self.number(x))" y="\#(Self.number(base - 3))" width="\#(Self.number(bar))" height="3"/>"#)
            }
        }
        let points = runs.enumerated().map { index, run in
            (Self.left + slot * (Double(index) + 0.5), Self.timeTop + Self.timeHeight * (1 - run.seconds / longest))
        }
        parts.append(#"<polyline class="trend-time" points="\#(points.map { Self.number($0.0) + "," + Self.number($0.1) }.joined(separator: " "))"/>"#)
        for point in points {
            parts.append(#"<circle class="trend-time-point" cx="\#(Self.number(point.0))" cy="\#(Self.number(point.1))" r="2.5"/>"#)
        }
        let axis = #"<line class="trend-axis" x1="\#(Self.left)" y1="\#(base)" x2="\#(Self.width - Self.left)" y2="\#(base)"/>"#
        // Its words are the figure's caption, in the page's text size at any width; the
        // picture is named by it (the table beside it has every number).
        return #"<svg class="trend-chart" viewBox="0 0 \#(Int(Self.width)) \#(Int(Self.height))" role="img" aria-labelledby="trend-caption">"#
            + axis + parts.joined() + "</svg>"
    }

    /// What the chart shows, in words: its scales and the runs it spans.
    var caption: String {
        let runs = trend.runs
        let worst = runs.map { $0.failed + $0.error + $0.flaky }.max() ?? 0
        let longest = runs.map(\.seconds).max() ?? 0
        let span = runs.count == 1
            ? strings.text(.reportTrendRun, ["number": strings.number(runs[0].number)])
            : strings.text(.reportTrendRuns, ["first": strings.number(runs[0].number), "last": strings.number(runs[runs.count - 1].number)])
        return strings.text(.reportTrendCaption, [
            "failures": strings.number(worst), "time": FieldText.duration(longest, strings: strings), "runs": span,
        ])
    }

    /// A coordinate with at most one decimal, the same on every machine.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// Each run's numbers, newest first, for the table beside the chart.
    var rows: [[String]] {
        trend.runs.reversed().map { run in
            [strings.number(run.number)] + [run.tests, run.failed, run.error, run.flaky, run.skipped].map(strings.number)
                + [FieldText.duration(run.seconds, strings: strings)]
        }
    }

    var headings: [String] {
        [.columnRun, .columnTests, .columnFailed, .columnErrors, .columnFlaky, .columnSkipped, .columnTime].map { strings.text($0) }
    }

    var templateValue: TemplateValue {
        .object([
            "svg": .string(svg),
            "caption": .string(caption),
            "headings": .list(headings.map { .string($0) }),
            "rows": .list(rows.map { row in .object(["cells": .list(row.map { .string($0) })]) }),
            "tableTitle": .string(strings.counted(.reportRunsTable, trend.runs.count)),
        ])
    }

    /// The last ten runs as a Markdown table, newest first: a job summary shows no SVG.
    var markdown: String {
        MarkdownBlocks.paragraph("**" + MarkdownEscape.text(strings.text(.reportLastRuns)) + ":**") + MarkdownBlocks.table(headings, Array(rows.prefix(10)))
    }
}
