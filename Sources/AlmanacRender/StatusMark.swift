import AlmanacCore
import AlmanacModel

/// A test's outcome shown by colour, shape and word together, never colour alone (WCAG 1.4.1):
/// the page marks a row and a section with `data-status`, the stylesheet draws each outcome's
/// own shape in its own colour beside the label, and the word stays in the section's title or
/// the row's status field.
enum StatusMark {
    /// The outcomes the stylesheet draws.
    static let known: Set<String> = ["failed", "error", "skipped", "passed", "flaky"]

    /// The mark for a row of a test report, or nil on other pages and for other values.
    static func row(_ row: Row, page: Page) -> String? {
        guard page.settings.summary == .tests else { return nil }
        if row.record["outcome"]?.text == "flaky" { return "flaky" }
        guard let status = row.record["status"]?.text, known.contains(status) else { return nil }
        return status
    }

    /// The mark for a section of a report grouped by status, or by outcome against a
    /// baseline: its title is the outcome, and a change is marked as what it now is.
    static func section(_ section: Section, page: Page) -> String? {
        guard page.settings.summary == .tests, case .field(let field) = page.settings.grouping, field == "status" || field == "outcome"
        else { return nil }
        let marks = ["new failure": "failed", "still failing": "failed", "new error": "error", "still erroring": "error", "fixed": "passed"]
        let status = marks[section.value] ?? section.value
        return known.contains(status) ? status : nil
    }
}
