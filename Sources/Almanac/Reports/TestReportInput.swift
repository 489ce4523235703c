import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// What makes `render` of results files a test report rather than a table: the settings a
/// report reads best with, the title the run gives itself, and the columns worth a reader's
/// eye, decided from the tests themselves.
enum TestReportInput {
    /// The settings a JUnit report gets unless the page or an option says otherwise: grouped
    /// by outcome (`TestComparison`), failures first, by suite and name.
    static let defaults = [
        "group": "outcome", "group_order": TestComparison.order.joined(separator: ","), "sort": "suite,name",
        "search": "name,classname,suite,message", "summary": "tests", "fields": "run,suite,status,time,message,attempts,previous",
        "detail": "failing", "max_bytes": "1000000", "formats": "time=duration", "labels": "previous=Before",
    ]

    /// The report's title when the page gives none: the name every file gives its run
    /// (`pytest tests`, a Go package, a Surefire class), else `Test report`.
    static func title(_ names: [String?]) -> String {
        guard let first = names.first, let name = first, names.allSatisfy({ $0 == first }) else { return "Test report" }
        return name
    }

    /// The default columns less those that tell a reader nothing: the field the sections are
    /// grouped by, one that says the same on every row (a suite column that reads `pytest`
    /// throughout), and a status that says the same on every row of each section (a section
    /// of new failures that are all failed, not errors): the section's title says it.
    static func fields(_ fields: [String], records: [Record], grouping: Grouping) -> [String] {
        let groupField: String? = if case .field(let field) = grouping { field } else { nil }
        return fields.filter { field in
            guard field != groupField else { return false }
            // One row repeats nothing: it keeps every field it has a value for.
            if records.count == 1 { return records[0][field].map { $0 != .null } ?? false }
            let perSection = field == "status" && groupField == "outcome"
            var first: [String: Value?] = [:]
            for record in records {
                let group = perSection ? groupField.flatMap { record[$0]?.text } ?? "" : ""
                let value = record[field]
                guard let seen = first[group] else {
                    first[group] = .some(value)
                    continue
                }
                if seen != value { return true }
            }
            return false
        }
    }
}
