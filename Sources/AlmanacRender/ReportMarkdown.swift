import AlmanacCore
import AlmanacModel
import AlmanacTemplate

/// The Markdown twin of a test report, laid out for where it is read: a CI job's summary page
/// and a pull-request comment. The summary line first, then each failing test with its message
/// and its details folded into a `<details>`, then the other rows as tables.
///
/// GitHub drops a job summary over 1 MiB whole and without a word, so a page with `max_bytes`
/// is kept under that size by `MarkdownBudget`: failures are kept first, other sections are
/// folded into counts per suite, and a last line says exactly what was left out and where the
/// full report is. Every piece is whole, so no cut falls inside a table, a code block or a
/// `<details>`.
public struct ReportMarkdown {
    let page: Page
    let view: PageView
    /// Where the whole report is (a path beside this file or an address), named when it is cut.
    let fullReport: String?

    public init(page: Page, view: PageView, fullReport: String?) {
        self.page = page
        self.view = view
        self.fullReport = fullReport
    }

    /// The Markdown, within the page's `max_bytes` when it sets one.
    public func render() -> [UInt8] {
        Array(MarkdownBudget(layout: layout(), limit: page.settings.maxBytes, fullReport: fullReport).text().utf8)
    }

    /// A cell keeps this many characters of a failure's message when its details are left out.
    static let briefMessage = 300

    // MARK: The pieces

    func layout() -> MarkdownBudget.Layout {
        let isReport = page.settings.summary == .tests
        let failing = isReport ? Set(page.sections.indices.filter { index in
            let rows = page.sections[index].rows
            return !rows.isEmpty && rows.allSatisfy { PageSettings.isFailing($0.record) }
        }) : []
        var groups: [MarkdownBudget.FailureGroup] = failing.sorted().map(failureGroup)
        // Written in page order, each failing section where the page has it.
        var order: [MarkdownBudget.Piece] = []
        var groupNumber = 0, otherNumber = 0
        for index in page.sections.indices where failing.contains(index) || !page.sections[index].isEmpty {
            if failing.contains(index) {
                order.append(.failures(groupNumber))
                groupNumber += 1
            } else {
                order.append(.other(otherNumber))
                otherNumber += 1
            }
        }
        // Failures in sections that are not all failures (a report grouped by suite) are
        // gathered first too; their sections still list them among the rest.
        let scattered = isReport ? page.sections.indices.filter { !failing.contains($0) }.flatMap {
            page.sections[$0].rows.filter { PageSettings.isFailing($0.record) }
        } : []
        if !scattered.isEmpty {
            // Gathered from sections that are not all failures: before them all.
            order.insert(.failures(groups.count), at: 0)
            groups.append(MarkdownBudget.FailureGroup(
                opening: MarkdownBlocks.heading(2, page.strings.text(.reportFailures)), closing: "", failures: scattered.map(failure),
                briefTable: briefTable))
        }
        let others = page.sections.indices.filter { !failing.contains($0) && !page.sections[$0].isEmpty }.map(rest)
        var layout = MarkdownBudget.Layout(
            head: head(), failures: groups, others: others, unit: isReport ? .reportTests : .rows, strings: page.strings)
        layout.order = order
        if let times = TestTimes(page) {
            layout.extras = times.markdown
            layout.extrasName = page.strings.text(times.hasSuites ? .budgetSlowestAndSuites : .budgetSlowest)
        }
        return layout
    }

    func head() -> String {
        var text = MarkdownBlocks.heading(1, page.title)
        if let summary = TestSummary.line(for: page) { text += "**" + MarkdownEscape.text(summary) + "**\n\n" }
        if let trend = TrendChart(page) { text += trend.markdown }
        if let comparison = ComparisonText(page) { text += comparison.markdown }
        let prose = PageContext.trimmedProse(view.prose.markdown)
        if !prose.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { text += prose + "\n\n" }
        let listed = view.index.filter { !$0.isEmpty }
        if view.hasIndex {
            text += listed.map { "[" + MarkdownEscape.text($0.title) + "](#" + MarkdownEscape.destination($0.id) + ")" }.joined(separator: " · ")
            text += "\n\n"
        }
        if page.rowCount == 0 { text += "*" + MarkdownEscape.text(page.strings.text(.noRows)) + "*\n\n" }
        return text
    }

    /// A section's heading and header, as the page's template writes them.
    func opening(_ index: Int) -> String {
        let section = page.sections[index]
        var text = ""
        if !section.title.isEmpty {
            // A title with no letters in it has no anchor on GitHub; it gets one of its own.
            if !section.hasGitHubAnchor { text += "<a id=\"" + HTMLEscape.text(section.id) + "\"></a>\n\n" }
            text += MarkdownBlocks.heading(2, section.title)
        }
        if let header = view.headers[index] { text += MarkdownBlocks.paragraph(MarkdownEscape.text(header)) }
        return text
    }

    func closing(_ index: Int) -> String {
        view.footers[index].map { MarkdownBlocks.paragraph("*" + MarkdownEscape.text($0) + "*") } ?? ""
    }

    func failureGroup(_ index: Int) -> MarkdownBudget.FailureGroup {
        MarkdownBudget.FailureGroup(
            opening: opening(index), closing: closing(index), failures: page.sections[index].rows.map(failure), briefTable: briefTable)
    }

    /// Fields as a reader sees them named (`labels:`, else readably).
    func headings(_ fields: [String]) -> [String] {
        fields.map(page.settings.label)
    }

    /// The headings of the table failures are listed in without their details.
    var briefTable: String {
        let table = MarkdownBlocks.table(headings([page.labelField] + briefFields), [])
        return String(table.dropLast())
    }

    /// The fields a failure's brief row shows: the page's fields but its long texts.
    var briefFields: [String] { view.fields.filter { !Self.longFields.contains($0) } }

    static let longFields: Set<String> = ["details", "output"]

    /// One failing row: in full (its heading, what it is, its message, and its details and
    /// output collapsed), and briefly, as a table row with its message shortened.
    func failure(_ row: Row) -> MarkdownBudget.Failure {
        let record = row.record
        var full = MarkdownBlocks.heading(3, row.label)
        // Where it failed, shown whether or not the page lists the file.
        let named = view.fields + (view.fields.contains("file") ? [] : ["file"])
        let facts = named.compactMap { name -> String? in
            guard !["status", "message", "line"].contains(name), !Self.longFields.contains(name) else { return nil }
            return fact(name, in: record)
        }
        if !facts.isEmpty { full += MarkdownBlocks.paragraph(facts.map(MarkdownEscape.text).joined(separator: " · ")) }
        if let message = record["message"]?.text, !message.isEmpty {
            // A message of several lines (pytest's assertion with its explanation) keeps them.
            let lines = message.split(whereSeparator: \.isNewline)
            full += lines.count > 1 ? MarkdownBlocks.code(message) : MarkdownBlocks.paragraph("> " + MarkdownEscape.text(message))
        }
        var folded = ""
        if let details = record["details"]?.text, !details.isEmpty { folded += MarkdownBlocks.code(details) }
        if let output = record["output"]?.text, !output.isEmpty {
            folded += MarkdownBlocks.paragraph(MarkdownEscape.text(page.strings.text(.reportOutput)) + ":") + MarkdownBlocks.code(output)
        }
        if !folded.isEmpty { full += MarkdownBlocks.details(label: page.strings.text(.details), folded) }
        let cells = [row.label] + briefFields.map { name in
            let text = FieldText.row(record[name], format: page.settings.formats[name], strings: page.strings)
            return name == "message" ? Self.shortened(text) : text
        }
        return MarkdownBudget.Failure(full: full, brief: MarkdownBlocks.tableRow(cells))
    }

    /// How a field reads among a failure's facts: a time as a duration, a file with its line.
    func fact(_ name: String, in record: Record) -> String? {
        guard let value = record[name], !value.text.isEmpty else { return nil }
        switch (name, value) {
        case ("previous", _):
            return value.text == "new" ? page.strings.text(.reportNewTest) : page.strings.text(.reportPreviously, ["value": value.text])
        case ("file", _):
            if let line = record["line"]?.text, !line.isEmpty { return value.text + ":" + line }
            return value.text
        case ("repeat", _):
            // Which run of a test run more than once: `Repeat 2`, not a bare `2`.
            return (page.settings.labels[name] ?? page.strings.text(.columnRepeat)) + " " + (FieldText.formatted(value, nil, strings: page.strings) ?? value.text)
        default: return FieldText.formatted(value, page.settings.formats[name], strings: page.strings) ?? value.text
        }
    }

    /// A message's first line, cut at a character (never inside one) with an ellipsis.
    static func shortened(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let first = lines.first.map(String.init) ?? ""
        if first.count <= briefMessage && lines.count <= 1 { return first }
        return String(first.prefix(briefMessage)) + "…"
    }

    /// A section of the other rows: a table of every row, or its rows counted by suite.
    func rest(_ index: Int) -> MarkdownBudget.Rest {
        let section = page.sections[index]
        let fields = view.fields
        let full = fields.isEmpty
            ? section.rows.map { "- " + MarkdownEscape.text($0.label) + "\n" }.joined() + "\n"
            : MarkdownBlocks.table(headings([page.labelField] + fields), section.rows.map { row in
                [row.label] + fields.map { FieldText.row(row.record[$0], format: page.settings.formats[$0], strings: page.strings) }
            })
        return MarkdownBudget.Rest(
            title: section.title, opening: opening(index), closing: closing(index), full: full, folded: folded(section),
            rowCount: section.rows.count)
    }

    /// A section's rows as counts per suite (a test report), else as one count.
    func folded(_ section: Section) -> String {
        guard section.rows.contains(where: { $0.record["suite"] != nil }) else {
            return MarkdownBlocks.paragraph("*" + MarkdownEscape.text(page.strings.counted(.rows, section.rows.count)) + "*")
        }
        var order: [String] = []
        var counts: [String: (tests: Int, seconds: Double, timed: Bool)] = [:]
        for row in section.rows {
            let suite = row.record["suite"]?.text ?? ""
            if counts[suite] == nil { order.append(suite) }
            var entry = counts[suite] ?? (0, 0, false)
            entry.tests += 1
            if case .number(let time)? = row.record["time"] {
                entry.seconds += time.value
                entry.timed = true
            }
            counts[suite] = entry
        }
        let strings = page.strings
        return MarkdownBlocks.table(headings(["suite"]) + [strings.text(.columnTests), strings.text(.columnTime)], order.map { suite in
            let entry = counts[suite] ?? (0, 0, false)
            return [suite, strings.number(entry.tests), entry.timed ? FieldText.duration(entry.seconds, strings: strings) : ""]
        })
    }
}
