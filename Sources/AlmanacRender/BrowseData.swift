import AlmanacCore
import AlmanacModel

/// The filter and order data of a page split into section pages: what lets a reader filter,
/// count and sort rows that are not on the page they are reading, from static files made here.
///
/// The files, in `paths.browseFolder`, each a script that registers a JSON array (file:// may
/// load scripts but not fetch files), named by a stem the browser derives from the manifest:
/// - `v<filter>-<value>`: the rows that have a value, as ascending row numbers written as
///   differences. Measured on the benchmark's data, differences beat bitsets for every value
///   of a field of 20 or more values (3.8 KB against 4.9 KB gzipped for the commonest of 20
///   categories at 100,000 rows), and a first click needs only its value's list.
/// - `c<filter>-<block>`: every row's value numbers (a range: its key) for `columnRows` rows;
///   read only when counts can come neither from the lists and the manifest's pair tables nor
///   from `RangeIndex`'s records, and then only the blocks that hold the rows a search found.
/// - `k<order>-<block>`: every row's rank in an order, to sort the rows a search found.
/// - `o<order>a-<page>`, `o<order>d-<page>`: the rows in an order, ascending and descending
///   (ties in page order and rows without a value last, both ways), `orderRows` to a file: a
///   sorted view reads only as far as it shows.
/// - `r<page>`: `[label, section, address]` of `factRows` rows: what a result shows.
/// - `w…`, `s-…` and `h`: the rows in the first range filter's order (`RangeIndex`).
public enum BrowseData {
    public static let columnRows = 8_192
    public static let orderRows = 1_000
    public static let factRows = 100
    /// Pair tables larger than this many cells are left out; counts then come from columns.
    public static let largestPairTable = 50_000

    public static func artifacts(for page: Page, paths: PagePaths) -> [Artifact] {
        var artifacts: [Artifact] = []
        // Gathering into memory cannot fail.
        try? write(for: page, paths: paths) { artifacts.append($0) }
        return artifacts
    }

    /// Every file handed to `emit` as it is made, the manifest last but for the entry.
    public static func write(for page: Page, paths: PagePaths, emit: (Artifact) throws -> Void) throws {
        guard let facets = page.facets, let manifestPath = paths.browseData, let entryPath = paths.browseEntry else { return }
        let rowCount = page.rowCount
        func file(_ stem: String, _ body: [UInt8]) throws {
            try emit(Artifact(path: paths.browseFile(stem) ?? "", bytes: script(page: page, stem: stem, json: body)))
        }
        for (number, filter) in facets.filters.enumerated() {
            if filter.spec.kind != .range {
                for (value, rows) in rowsOfValues(filter, rowCount: rowCount).enumerated() {
                    try file("v\(number)-\(value)", differences(rows))
                }
            }
            for block in stride(from: 0, to: rowCount, by: columnRows) {
                let rows = block..<min(rowCount, block + columnRows)
                try file("c\(number)-\(block / columnRows)", column(filter, rows: rows))
            }
        }
        for (number, sort) in facets.sorts.enumerated() {
            for block in stride(from: 0, to: rowCount, by: columnRows) {
                let ranks = sort.ranks[block..<min(rowCount, block + columnRows)]
                try file("k\(number)-\(block / columnRows)", numbers(ranks.map(Int.init)))
            }
            for (suffix, descending) in [("a", false), ("d", true)] {
                let order = self.order(sort.ranks, descending: descending)
                for start in stride(from: 0, to: order.count, by: orderRows) {
                    try file("o\(number)\(suffix)-\(start / orderRows)", numbers(order[start..<min(order.count, start + orderRows)]))
                }
            }
        }
        let firstKeys = try RangeIndex.writeRecords(facets, rowCount: rowCount, file: file)
        try RangeIndex.writeIndex(facets, rowCount: rowCount, file: file)
        var facts: [UInt8] = []
        var scratch: [UInt8] = []
        var row = 0
        for (sectionIndex, section) in page.sections.enumerated() {
            for (position, shown) in section.rows.enumerated() {
                facts.append(UInt8(ascii: facts.isEmpty ? "[" : ","))
                facts.append(UInt8(ascii: "["))
                JSONWriter.quote(shown.label, into: &scratch)
                facts += scratch
                scratch.removeAll(keepingCapacity: true)
                facts += ("," + String(sectionIndex) + ",").utf8
                JSONWriter.quote(SearchIndex.href(shown, section: sectionIndex, position: position, page: page, paths: paths), into: &scratch)
                facts += scratch
                scratch.removeAll(keepingCapacity: true)
                facts.append(UInt8(ascii: "]"))
                row += 1
                if row % factRows == 0 || row == rowCount {
                    facts.append(UInt8(ascii: "]"))
                    try file("r\((row - 1) / factRows)", facts)
                    facts.removeAll(keepingCapacity: true)
                }
            }
        }
        try emit(Artifact(path: manifestPath, text: manifest(page, facets: facets, paths: paths, manifestPath: manifestPath, firstKeys: firstKeys)))
        var entry = BrowserContract.dataHead(.browse, key: page.name) + "{" + BrowserContract.browseKey(.file)
        JSONWriter.quote(manifestPath, into: &entry)
        try emit(Artifact(path: entryPath, text: entry + "}" + BrowserContract.dataTail))
    }

    /// What the browser reads first: how the files are cut, each section's id and title and
    /// where its rows begin, each filter's values with their counts, the pair tables.
    static func manifest(_ page: Page, facets: Facets, paths: PagePaths, manifestPath: String, firstKeys: [[[Double?]]?]) -> String {
        let key = BrowserContract.browseKey
        var text = BrowserContract.dataHead(.browse, key: page.name) + "{" + key(.rows) + String(page.rowCount) + "," + key(.folder)
        JSONWriter.quote((paths.browseFolder ?? "") + "/", into: &text)
        text += "," + key(.version) + "\"" + ContentHash.hex(Array(manifestPath.utf8), length: 16) + "\""
        text += "," + key(.columnRows) + String(columnRows) + "," + key(.orderRows) + String(orderRows)
        text += "," + key(.factRows) + String(factRows) + "," + key(.sections) + "["
        text += page.sections.map { section in
            var entry = "["
            JSONWriter.quote(section.id, into: &entry)
            entry += ","
            JSONWriter.quote(section.title, into: &entry)
            return entry + "]"
        }.joined(separator: ",")
        var start = 0
        text += "]," + key(.sectionStarts) + "["
        text += page.sections.map { section in
            defer { start += section.rows.count }
            return String(start)
        }.joined(separator: ",")
        text += "],\n" + key(.filters) + "["
        text += facets.filters.map { filter in
            guard filter.spec.kind != .range else { return "{" + key(.kind) + "\"range\"}" }
            return "{" + key(.kind) + "\"values\"," + key(.single) + (isSingle(filter) ? "true" : "false") + ","
                + key(.counts) + "[" + filter.values.map { String($0.count) }.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        text += "],\n" + key(.pairs) + "{"
        text += pairTables(facets, rowCount: page.rowCount).map { pair in
            "\"\(pair.first) \(pair.second)\":[" + pair.counts.map(String.init).joined(separator: ",") + "]"
        }.joined(separator: ",\n")
        text += "},\n" + key(.sorts) + "["
        text += facets.sorts.map { "{" + key(.present) + String($0.ranks.filter { $0 >= 0 }.count) + "}" }.joined(separator: ",")
        text += "],\n" + key(.rangeFilter) + (RangeIndex.rangeFilter(facets).map(String.init) ?? "null")
        text += "," + key(.recordRows) + String(RangeIndex.recordRows) + "," + key(.indexRows) + String(RangeIndex.indexRows)
        text += "," + key(.records) + "["
        text += firstKeys.map { values in
            guard let values else { return "null" }
            return "[" + values.map { "[" + $0.map { $0.map(FilterPanel.keyText) ?? "null" }.joined(separator: ",") + "]" }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        return text + "]}" + BrowserContract.dataTail
    }

    /// Whether every row has exactly one value: then the rows of several values of it are
    /// told apart, and a pair table's counts for them add up.
    public static func isSingle(_ filter: Facets.Filter) -> Bool {
        zip(filter.rowStarts, filter.rowStarts.dropFirst()).allSatisfy { $1 - $0 == 1 }
    }

    /// For each two value filters, how many rows have each pair of their values: the counts
    /// of one field's values with values of the other chosen, without reading a row.
    public static func pairTables(_ facets: Facets, rowCount: Int) -> [(first: Int, second: Int, counts: [Int])] {
        let filters = facets.filters.enumerated().filter { $0.element.spec.kind != .range }
        var tables: [(first: Int, second: Int, counts: [Int])] = []
        for (place, (first, a)) in filters.enumerated() {
            for (second, b) in filters[(place + 1)...] where a.values.count * b.values.count <= largestPairTable {
                var counts = [Int](repeating: 0, count: a.values.count * b.values.count)
                for row in 0..<rowCount {
                    for x in a.values(ofRow: row) { for y in b.values(ofRow: row) { counts[Int(x) * b.values.count + Int(y)] += 1 } }
                }
                tables.append((first, second, counts))
            }
        }
        return tables
    }

    /// Each value's rows, ascending.
    static func rowsOfValues(_ filter: Facets.Filter, rowCount: Int) -> [[Int]] {
        var rows = [[Int]](repeating: [], count: filter.values.count)
        for (value, count) in filter.values.enumerated() { rows[value].reserveCapacity(count.count) }
        for row in 0..<rowCount { for value in filter.values(ofRow: row) { rows[Int(value)].append(row) } }
        return rows
    }

    /// Rows in an order: by rank (ascending or descending), ties in page order, rows without a
    /// value (rank -1) last either way.
    public static func order(_ ranks: [Int32], descending: Bool) -> [Int] {
        // Ranks are dense (0 up to the number of distinct values): rows are put in their rank's
        // bucket in page order, which keeps ties in page order both ways.
        let rankCount = Int(ranks.max().map { max($0 + 1, 0) } ?? 0)
        var starts = [Int](repeating: 0, count: rankCount + 1)
        for rank in ranks where rank >= 0 { starts[Int(descending ? Int32(rankCount - 1) - rank : rank) + 1] += 1 }
        for index in 0..<rankCount { starts[index + 1] += starts[index] }
        var order = [Int](repeating: 0, count: ranks.count)
        var missing = starts[rankCount]
        for (row, rank) in ranks.enumerated() {
            if rank < 0 {
                order[missing] = row
                missing += 1
            } else {
                let bucket = descending ? rankCount - 1 - Int(rank) : Int(rank)
                order[starts[bucket]] = row
                starts[bucket] += 1
            }
        }
        return order
    }

    /// A row's values as a column holds them: one number, several as an array, a range's key
    /// (null for none).
    static func column<Rows: Sequence>(_ filter: Facets.Filter, rows: Rows) -> [UInt8] where Rows.Element == Int {
        var output: [UInt8] = [UInt8(ascii: "[")]
        for row in rows {
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            if filter.spec.kind == .range {
                output += (filter.keys[row].map(FilterPanel.keyText) ?? "null").utf8
                continue
            }
            let values = filter.values(ofRow: row)
            if values.count == 1 {
                output += String(values[values.startIndex]).utf8
            } else {
                output += ("[" + values.map(String.init).joined(separator: ",") + "]").utf8
            }
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    /// `[column of filter 0, column of filter 1, …]` of `rows`, each as `column` writes it.
    static func recordColumns(_ facets: Facets, rows: [Int]) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "[")]
        for (number, filter) in facets.filters.enumerated() {
            if number > 0 { output.append(UInt8(ascii: ",")) }
            output += column(filter, rows: rows)
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    /// Ascending numbers as the first and then each one's difference from the one before.
    static func differences(_ rows: [Int]) -> [UInt8] {
        var previous = 0
        return numbers(rows.map { row in
            defer { previous = row }
            return row - previous
        })
    }

    static func numbers<C: Collection>(_ values: C) -> [UInt8] where C.Element == Int {
        var output: [UInt8] = [UInt8(ascii: "[")]
        output.reserveCapacity(values.count * 4 + 2)
        var first = true
        for value in values {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output += String(value).utf8
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    /// A file's script: its JSON in a string the browser parses (faster than the same array
    /// written as code), handed to the page as the page's name and the file's stem.
    static func script(page: Page, stem: String, json: [UInt8]) -> [UInt8] {
        var output = BrowserContract.parsedDataHead(.file, key: page.name + "/" + stem)
        SearchIndex.appendScriptEscaped(json, into: &output)
        output += BrowserContract.parsedDataTail
        return output
    }
}
