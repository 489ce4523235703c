import AlmanacCore
import AlmanacModel

/// A large test report's plain rows as compact data the page's script turns into rows, in
/// place of their HTML: fifty thousand passing tests written out as list items made a page of
/// 24 MB that took a browser a second and a half to read. A row that shows more than its
/// label and fields (a failure opening in place, a link, a picture, a check mark) stays HTML,
/// so a reader without scripts still gets every failure with the counts.
///
/// The data of one section, in a `<script type="application/json" class="row-data">` where
/// its rows would be (`partials/section.html.mustache`, read by almanac.js's `rowData`):
///
///     {"fields":[["time","Time",0]],"named":1,"labelSearched":1,
///      "rows":[["test-case-3",1042,"0","3 0",0,"test_case[3]",["0 ms","0.000"]], …],
///      "statuses":["passed"]}
///
/// `fields`: each field's name, label and whether search reads it. A row: its id without
/// `row-`, its number, its filter values and sort ranks (`null` when the page has none), the
/// index of its status in `statuses` (-1 for none), its label, then a cell per field: its text,
/// `["text","raw"]` where the page shows a value formatted, or "" when blank.
enum RowData {
    /// A report of more rows than this ships its plain rows as data; a smaller one reads as
    /// well without scripts, and its HTML costs little.
    static let rowsAbove = 1_000

    /// Whether `rows`, a section of `page`, go as data.
    static func ships(_ rows: [RowView], page: Page) -> Bool {
        guard page.settings.summary == .tests, page.rowCount > rowsAbove, page.settings.layout != .table, !page.isSplit,
              !rows.isEmpty else { return false }
        return rows.allSatisfy { row in
            row.href == nil && row.image == nil && row.inlineDetail == nil && !row.isChecked && row.accessoryName == nil
        }
    }

    /// The section's data as JSON text, safe inside a `<script>` element (`JSONWriter.quote`
    /// escapes `<`, `>` and `&`).
    static func json(_ rows: [RowView]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(rows.count * 80)
        output.append(contentsOf: #"{"fields":["#.utf8)
        let first = rows[0]
        for (place, field) in first.fields.enumerated() {
            if place > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "["))
            JSONWriter.quote(field.name, into: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.quote(field.label, into: &output)
            output.append(contentsOf: (field.isSearched ? ",1]" : ",0]").utf8)
        }
        output.append(contentsOf: #"],"named":\#(first.namesFields ? 1 : 0),"labelSearched":\#(first.isLabelSearched ? 1 : 0)"#.utf8)
        var statuses: [String] = []
        var statusIndex: [String: Int] = [:]
        output.append(contentsOf: #","rows":["#.utf8)
        for (place, row) in rows.enumerated() {
            if place > 0 { output.append(UInt8(ascii: ",")) }
            var status = -1
            if let mark = row.status {
                if let known = statusIndex[mark] { status = known } else {
                    status = statuses.count
                    statusIndex[mark] = status
                    statuses.append(mark)
                }
            }
            append(row, status: status, into: &output)
        }
        output.append(contentsOf: #"],"statuses":["#.utf8)
        for (place, status) in statuses.enumerated() {
            if place > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.quote(status, into: &output)
        }
        output.append(contentsOf: "]}".utf8)
        return String(decoding: output, as: UTF8.self)
    }

    private static func append(_ row: RowView, status: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        JSONWriter.quote(String(row.id.dropFirst("row-".count)), into: &output)
        output.append(contentsOf: ",\(row.number),".utf8)
        optional(row.filterValues, into: &output)
        output.append(UInt8(ascii: ","))
        optional(row.sortRanks, into: &output)
        output.append(contentsOf: ",\(status),".utf8)
        JSONWriter.quote(row.label, into: &output)
        for field in row.fields {
            output.append(UInt8(ascii: ","))
            if let raw = field.raw {
                output.append(UInt8(ascii: "["))
                JSONWriter.quote(field.value, into: &output)
                output.append(UInt8(ascii: ","))
                JSONWriter.quote(raw, into: &output)
                output.append(UInt8(ascii: "]"))
            } else {
                JSONWriter.quote(field.value, into: &output)
            }
        }
        output.append(UInt8(ascii: "]"))
    }

    private static func optional(_ text: String?, into output: inout [UInt8]) {
        if let text { JSONWriter.quote(text, into: &output) } else { output.append(contentsOf: "null".utf8) }
    }
}
