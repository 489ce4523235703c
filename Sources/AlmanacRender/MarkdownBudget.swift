import AlmanacModel
import Foundation

/// Fits a report's Markdown under a size limit by choosing, piece by piece, how much of it to
/// show — never by cutting text, so every table, code block and `<details>` stays whole.
///
/// What is kept first, in order: the head (title, summary, prose, index); every failure at
/// least as a table row; then, in the order they are written (failures first, or a compared
/// report's page order: new failures, fixed, still failing, …), failures in full each while it
/// fits and the other sections as tables, else as counts per suite; last, the extras (a report's
/// slowest tests), only when everything else is whole. What did not fit is named in a last
/// line with where the full report is.
struct MarkdownBudget {
    struct Failure {
        let full: String
        /// Its row in the group's table of failures shown without their details.
        let brief: String
    }

    /// A heading's failures: each in full, or as a row of a table after those in full.
    struct FailureGroup {
        let opening: String
        let closing: String
        let failures: [Failure]
        /// The table's heading lines, written before the first brief row.
        let briefTable: String
    }

    /// A section of the other rows, listed or counted.
    struct Rest {
        let title: String
        let opening: String
        let closing: String
        let full: String
        let folded: String
        let rowCount: Int
    }

    struct Layout {
        let head: String
        let failures: [FailureGroup]
        let others: [Rest]
        /// What a row is called in the last line (`report_tests` or `rows`), and the page's
        /// words it is written in.
        let unit: InterfaceString
        let strings: InterfaceStrings
        /// Written after everything else when everything else is whole and it fits; else left
        /// out and named (`extrasName`) in the last line.
        var extras = ""
        var extrasName = ""
        /// The order the pieces are written in, when it is not every failure group and then
        /// the rest: a report's page order (new failures, fixed, still failing, …). What is
        /// kept under the limit does not change with it.
        var order: [Piece]?
    }

    enum Piece: Equatable {
        case failures(Int)
        case other(Int)
    }

    enum Shown { case full, folded, omitted }

    /// The pieces in the order they are written and kept whole.
    var order: [Piece] {
        layout.order ?? (layout.failures.indices.map(Piece.failures) + layout.others.indices.map(Piece.other))
    }

    let layout: Layout
    let limit: Int?
    let fullReport: String?

    /// How each piece is shown, with running totals kept as pieces change, so that choosing
    /// among a hundred thousand failures stays linear.
    struct Plan {
        struct GroupTotals {
            var bytes = 0
            var briefRows = 0
            var shown = 0
        }

        var failures: [[Shown]]
        var others: [Shown]
        var groups: [GroupTotals] = []
        var otherBytes = 0
        var briefFailures = 0
        var omittedFailures = 0
        var showsExtras = true
    }

    func text() -> String {
        var plan = makePlan()
        guard let limit, !fits(plan, limit) else { return write(plan) }
        plan.showsExtras = false
        choose(&plan, limit: limit)
        return write(plan)
    }

    private func choose(_ plan: inout Plan, limit: Int) {
        // Every failure brief and every other section counted; then add back what fits.
        for group in plan.failures.indices { for index in plan.failures[group].indices { set(&plan, failure: (group, index), .folded) } }
        for index in plan.others.indices { set(&plan, other: index, .folded) }
        if !fits(plan, limit) {
            for index in plan.others.indices.reversed() where !fits(plan, limit) { set(&plan, other: index, .omitted) }
            let all = plan.failures.indices.flatMap { group in plan.failures[group].indices.map { (group, $0) } }
            for place in all.reversed() where !fits(plan, limit) { set(&plan, failure: place, .omitted) }
            return
        }
        // Then each piece whole, in the order it is written: a report's new failures and fixes
        // before the failures it inherited.
        for piece in order {
            switch piece {
            case .failures(let group):
                for index in plan.failures[group].indices {
                    set(&plan, failure: (group, index), .full)
                    if !fits(plan, limit) { set(&plan, failure: (group, index), .folded) }
                }
            case .other(let index):
                set(&plan, other: index, .full)
                if !fits(plan, limit) { set(&plan, other: index, .folded) }
            }
        }
    }

    private func fits(_ plan: Plan, _ limit: Int) -> Bool {
        size(of: plan) + lastLine(plan, limit: limit).utf8.count <= limit
    }

    // MARK: Sizes

    private func makePlan() -> Plan {
        var plan = Plan(
            failures: layout.failures.map { Array(repeating: .full, count: $0.failures.count) },
            others: Array(repeating: .full, count: layout.others.count))
        plan.groups = layout.failures.map { group in
            Plan.GroupTotals(bytes: group.failures.reduce(0) { $0 + $1.full.utf8.count }, briefRows: 0, shown: group.failures.count)
        }
        plan.otherBytes = layout.others.reduce(0) { $0 + size(of: $1, .full) }
        return plan
    }

    private func size(of plan: Plan) -> Int {
        var total = layout.head.utf8.count + plan.otherBytes + (plan.showsExtras ? layout.extras.utf8.count : 0)
        for (group, totals) in plan.groups.enumerated() where totals.shown > 0 {
            let pieces = layout.failures[group]
            total += pieces.opening.utf8.count + pieces.closing.utf8.count + totals.bytes
            // The brief table: its heading lines, and the blank line that ends it.
            if totals.briefRows > 0 { total += pieces.briefTable.utf8.count + 1 }
        }
        return total
    }

    private func size(of failure: Failure, _ shown: Shown) -> Int {
        switch shown {
        case .full: return failure.full.utf8.count
        case .folded: return failure.brief.utf8.count
        case .omitted: return 0
        }
    }

    private func size(of rest: Rest, _ shown: Shown) -> Int {
        switch shown {
        case .full: return rest.opening.utf8.count + rest.full.utf8.count + rest.closing.utf8.count
        case .folded: return rest.opening.utf8.count + rest.folded.utf8.count + rest.closing.utf8.count
        case .omitted: return 0
        }
    }

    private func set(_ plan: inout Plan, failure place: (group: Int, index: Int), _ shown: Shown) {
        let failure = layout.failures[place.group].failures[place.index]
        let before = plan.failures[place.group][place.index]
        var totals = plan.groups[place.group]
        totals.bytes += size(of: failure, shown) - size(of: failure, before)
        totals.briefRows += (shown == .folded ? 1 : 0) - (before == .folded ? 1 : 0)
        totals.shown += (shown == .omitted ? 0 : 1) - (before == .omitted ? 0 : 1)
        plan.briefFailures += (shown == .folded ? 1 : 0) - (before == .folded ? 1 : 0)
        plan.omittedFailures += (shown == .omitted ? 1 : 0) - (before == .omitted ? 1 : 0)
        plan.groups[place.group] = totals
        plan.failures[place.group][place.index] = shown
    }

    private func set(_ plan: inout Plan, other index: Int, _ shown: Shown) {
        plan.otherBytes += size(of: layout.others[index], shown) - size(of: layout.others[index], plan.others[index])
        plan.others[index] = shown
    }

    // MARK: Writing

    private func write(_ plan: Plan) -> String {
        var text = layout.head
        text.reserveCapacity(size(of: plan) + 1024)
        for piece in order {
            switch piece {
            case .failures(let group): write(group: group, plan, into: &text)
            case .other(let index):
                let rest = layout.others[index]
                switch plan.others[index] {
                case .full: text += rest.opening + rest.full + rest.closing
                case .folded: text += rest.opening + rest.folded + rest.closing
                case .omitted: break
                }
            }
        }
        if plan.showsExtras { text += layout.extras }
        if let limit { text += lastLine(plan, limit: limit) }
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }

    private func write(group: Int, _ plan: Plan, into text: inout String) {
        guard plan.failures[group].contains(where: { $0 != .omitted }) else { return }
        let pieces = layout.failures[group]
        text += pieces.opening
        var brief = ""
        for (index, failure) in pieces.failures.enumerated() {
            switch plan.failures[group][index] {
            case .full: text += failure.full
            case .folded: brief += failure.brief
            case .omitted: break
            }
        }
        if !brief.isEmpty { text += pieces.briefTable + brief + "\n" }
        text += pieces.closing
    }

    /// What was left out, exactly, and where the rest is; empty when nothing was.
    private func lastLine(_ plan: Plan, limit: Int) -> String {
        let brief = plan.briefFailures
        let droppedFailures = plan.omittedFailures
        let counted = layout.others.indices.filter { plan.others[$0] == .folded }
        let dropped = layout.others.indices.filter { plan.others[$0] == .omitted }
        let strings = layout.strings
        var parts: [String] = []
        if brief > 0 { parts.append(strings.counted(.budgetBrief, brief)) }
        if droppedFailures > 0 { parts.append(strings.counted(.budgetFailures, droppedFailures)) }
        if !counted.isEmpty {
            parts.append(strings.text(layout.unit == .reportTests ? .budgetListBySuite : .budgetList, ["rows": rows(counted)]))
        }
        if !dropped.isEmpty { parts.append(rows(dropped)) }
        if !plan.showsExtras && !layout.extras.isEmpty { parts.append(layout.extrasName) }
        guard !parts.isEmpty else { return "" }
        var line = "*" + MarkdownEscape.text(strings.text(.budgetLeftOut, ["bytes": strings.number(limit), "parts": strings.list(parts)]))
        if let fullReport {
            let link = "[" + MarkdownEscape.text(fullReport) + "](" + MarkdownEscape.destination(fullReport) + ")"
            // The link is put in after escaping, so its brackets stay Markdown.
            line += " " + MarkdownEscape.text(strings.text(.budgetFullReport, ["link": "\u{E000}"])).replacingOccurrences(of: "\u{E000}", with: link)
        }
        return line + "*\n"
    }

    private func rows(_ sections: [Int]) -> String {
        let total = sections.reduce(0) { $0 + layout.others[$1].rowCount }
        let titles = sections.map { layout.others[$0].title }.filter { !$0.isEmpty }
        let counted = layout.strings.counted(layout.unit, total)
        return titles.isEmpty ? counted : layout.strings.text(.budgetRowsIn, ["rows": counted, "sections": layout.strings.list(titles)])
    }
}
