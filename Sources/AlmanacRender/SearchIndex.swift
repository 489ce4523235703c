import AlmanacCore
import AlmanacModel

/// The search data of a page: one folded string per row, in the order the rows appear in the
/// HTML, each holding the row's searched fields separated by U+0001 (so a term never matches
/// across two fields).
///
/// It is a script rather than JSON because pages opened from disk (`file://`) may load scripts
/// but not fetch files; the page loads it only when the search field is first used.
public enum SearchIndex {
    public static let separator = "\u{1}"

    public static func rows(for page: Page) -> [String] {
        page.rows.map { entry in
            page.searchFields.map { field in
                let value = field == page.labelField && entry.row.record[field] == nil ? entry.row.label : (entry.row.record[field]?.text ?? "")
                return SearchText.fold(value)
            }.joined(separator: separator)
        }
    }

    public static func script(for page: Page) -> String {
        var output = "window.AlmanacSearchData=window.AlmanacSearchData||{};window.AlmanacSearchData["
        JSONWriter.quote(page.name, into: &output)
        output += "]=["
        for (index, row) in rows(for: page).enumerated() {
            if index > 0 { output += ",\n" }
            JSONWriter.quote(row, into: &output)
        }
        output += "];\n"
        return output
    }
}
