import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// What makes `render` of results files a test report rather than a table: the settings a
/// report reads best with, the title the run gives itself, and the columns worth a reader's
/// eye, decided from the tests themselves.
enum TestReportInput {
    /// The settings a JUnit report gets unless the page or an option says otherwise.
    static let defaults = [
        "group": "status", "group_order": "failed,error,skipped,passed", "sort": "suite,name",
        "search": "name,classname,suite,message", "summary": "tests", "fields": "suite,status,time,message", "detail": "failing",
        "max_bytes": "1000000", "formats": "time=duration",
    ]

    /// The report's title when the page gives none: the name every file gives its run
    /// (`pytest tests`, a Go package, a Surefire class), else `Test report`.
    static func title(_ names: [String?]) -> String {
        guard let first = names.first, let name = first, names.allSatisfy({ $0 == first }) else { return "Test report" }
        return name
    }

    /// The default columns less those that tell a reader nothing: the field the sections are
    /// grouped by (every row of "failed" is failed), and one that says the same on every row
    /// (a suite column that reads `pytest` throughout).
    static func fields(_ fields: [String], records: [Record], grouping: Grouping) -> [String] {
        fields.filter { field in
            if case .field(field) = grouping { return false }
            guard let first = records.first?[field] else { return !records.isEmpty && records.contains { $0[field] != nil } }
            return records.contains { $0[field] != first }
        }
    }
}
