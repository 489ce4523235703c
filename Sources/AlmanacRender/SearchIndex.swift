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

    /// The script that registers a page's search data. A split page's data also carries each
    /// row's label, section and address, because its results are listed from the data rather
    /// than filtered in place.
    public static func script(for page: Page, sectionFiles: [String] = []) -> String {
        var output = "window.AlmanacSearchData=window.AlmanacSearchData||{};window.AlmanacSearchData["
        JSONWriter.quote(page.name, into: &output)
        output += "]="
        let folded = rows(for: page)
        guard !sectionFiles.isEmpty else {
            appendList(folded, into: &output)
            output += ";\n"
            return output
        }
        output += "{\"sections\":["
        for (index, section) in page.sections.enumerated() {
            if index > 0 { output += "," }
            output += "["
            JSONWriter.quote(section.id, into: &output)
            output += ","
            JSONWriter.quote(section.title, into: &output)
            output += ","
            JSONWriter.quote(HTMLContext.sectionPath(page, sectionFiles[index]), into: &output)
            output += "]"
        }
        output += "],\n\"rows\":"
        appendList(folded, into: &output)
        var labels: [String] = []
        var sections: [String] = []
        var hrefs: [String] = []
        for (index, section) in page.sections.enumerated() {
            for row in section.rows {
                labels.append(row.label)
                sections.append(String(index))
                hrefs.append(page.settings.hasDetailPages
                    ? HTMLContext.detailPath(page, row)
                    : HTMLContext.sectionPath(page, sectionFiles[index]) + "#row-" + row.slug)
            }
        }
        output += ",\n\"labels\":"
        appendList(labels, into: &output)
        output += ",\n\"section\":[" + sections.joined(separator: ",") + "],\n\"hrefs\":"
        appendList(hrefs, into: &output)
        output += "};\n"
        return output
    }

    private static func appendList(_ items: [String], into output: inout String) {
        output += "["
        for (index, item) in items.enumerated() {
            if index > 0 { output += ",\n" }
            JSONWriter.quote(item, into: &output)
        }
        output += "]"
    }
}
