import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// What makes `render` of results files a test report rather than a table: the settings a
/// report reads best with, the title the run gives itself, and the columns worth a reader's
/// eye, decided from the tests themselves.
public enum TestReportInput {
    /// The settings a JUnit report gets unless the page or an option says otherwise: grouped
    /// by outcome (`TestComparison`), failures first, by suite and name.
    public static let defaults = [
        "group": "outcome", "group_order": TestComparison.order.joined(separator: ","), "sort": "suite,name",
        "search": "name,classname,suite,message", "summary": "tests", "fields": "run,suite,repeat,status,time,message,attempts,flips,previous",
        "detail": "failing", "max_bytes": "1000000", "formats": "time=duration", "labels": "previous=Before",
        "filters": "status,suite", "sortable": "time",
    ]

    /// What a report's own fields are called, in the page's language, unless the page names
    /// them itself (`labels:`).
    public static let labelKeys: [(field: String, key: InterfaceString)] = [
        ("run", .columnRun), ("suite", .columnSuite), ("repeat", .columnRepeat), ("status", .columnStatus), ("time", .columnTime),
        ("message", .columnMessage), ("attempts", .columnAttempts), ("flips", .columnFlips), ("previous", .columnBefore),
    ]

    /// The default filters less those with nothing to choose between: a field the tests do not
    /// have, or whose value is the same in every test.
    public static func filters(_ filters: [FilterSpec], records: [Record]) -> [FilterSpec] {
        filters.filter { filter in
            guard let first = records.first?[filter.field]?.text else { return false }
            return records.contains { ($0[filter.field]?.text ?? "") != first }
        }
    }

    /// The report's title when the page gives none: the name every file gives its run
    /// (`pytest tests`, a Go package, a Surefire class), else `Test report`.
    public static func title(_ names: [String?]) -> String {
        guard let first = names.first, let name = first, names.allSatisfy({ $0 == first }) else { return "Test report" }
        return name
    }

    /// The default columns less those that tell a reader nothing: the field the sections are
    /// grouped by, the status when they are grouped by outcome (each outcome is one status),
    /// and one that says the same on every row (a suite column that reads `pytest`
    /// throughout); a report of one row keeps every field it has a value for.
    public static func fields(_ fields: [String], records: [Record], grouping: Grouping) -> [String] {
        let groupField: String? = if case .field(let field) = grouping { field } else { nil }
        return fields.filter { field in
            guard field != groupField, !(field == "status" && groupField == "outcome") else { return false }
            guard let first = records.first else { return false }
            if records.count == 1 { return first[field].map { $0 != .null } ?? false }
            let value = first[field]
            return records.contains { $0[field] != value }
        }
    }
}
