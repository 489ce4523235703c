import AlmanacCore
import AlmanacModel

/// A split page's rows in the order of its first range filter's key: what lets a step that
/// changes a range, or ticks a value beside one, read the rows it needs instead of every row's
/// values (a million rows' columns are megabytes; the rows of two chosen values in a range are
/// tens of kilobytes).
///
/// Two kinds of file, beside BrowseData's:
/// - `w<filter>-<value>-<chunk>`: a value's records — its rows, each with every other filter's
///   value — in key order (rows without a key last, in chunks of their own), `recordRows` to
///   a chunk. A chunk is
///   `[row differences, column of filter 0, column of filter 1, …]`, its rows ascending (they
///   compress far better than in key order); the value's own column is empty, since every row
///   in it has the value. The manifest lists each chunk's first key (null once keys run out),
///   so a range reads only the chunks that reach it.
/// - `x<filter>-<value>-<chunk>`: the chunk's keys, in its rows' order, kept apart (the keys
///   column of `w` is empty): a chunk wholly inside or out of a range needs none of them, and
///   the keys are the largest part of a record.
/// - `s-<block>`: every row with a key, in key order, `indexRows` to a block: `[keys, column of
///   each value filter]` (null for a range filter), and `h`: each block's first and last key
///   and how many of its rows have each value. A value filter's counts within a range are the
///   whole blocks' tallies and, at its two ends, the rows of at most two blocks.
public enum RangeIndex {
    public static let recordRows = 1_024
    public static let indexRows = 4_096

    /// The filter whose key orders the records: the first range filter, if the page has one.
    public static func rangeFilter(_ facets: Facets) -> Int? {
        facets.filters.firstIndex { $0.spec.kind == .range }
    }

    /// Rows ascending by the range's key, ties in page order, rows without a key last.
    static func keyOrder(_ rows: [Int], keys: [Double?]?) -> [Int] {
        guard let keys else { return rows }
        return rows.enumerated().sorted { a, b in
            switch (keys[a.element], keys[b.element]) {
            case let (x?, y?): return x != y ? x < y : a.offset < b.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// Each value's chunks of records handed to `file`; gives, for each filter, each value's
    /// chunks' first keys (nil for a range filter).
    static func writeRecords(_ facets: Facets, rowCount: Int, file: (String, [UInt8]) throws -> Void) throws -> [[[Double?]]?] {
        let range = rangeFilter(facets)
        let keys = range.map { facets.filters[$0].keys }
        var firstKeys: [[[Double?]]?] = []
        for (number, filter) in facets.filters.enumerated() {
            guard filter.spec.kind != .range else {
                firstKeys.append(nil)
                continue
            }
            var values: [[Double?]] = []
            for (value, rows) in BrowseData.rowsOfValues(filter, rowCount: rowCount).enumerated() {
                let ordered = keyOrder(rows, keys: keys)
                // The rows without a key begin a chunk of their own, so a chunk that starts
                // with a key holds only keys.
                let keyed = keys.map { keys in ordered.firstIndex { keys[$0] == nil } ?? ordered.count } ?? ordered.count
                let cuts = Array(stride(from: 0, to: keyed, by: recordRows)) + Array(stride(from: keyed, to: ordered.count, by: recordRows))
                var starts: [Double?] = []
                for (place, start) in cuts.enumerated() {
                    let chunk = ordered[start..<(place + 1 < cuts.count ? cuts[place + 1] : ordered.count)]
                    starts.append(keys?[chunk[chunk.startIndex]])
                    let rows = chunk.sorted()
                    try file("w\(number)-\(value)-\(starts.count - 1)", records(rows, of: facets, leaving: [number] + (range.map { [$0] } ?? [])))
                    if let range {
                        try file("x\(number)-\(value)-\(starts.count - 1)", BrowseData.column(facets.filters[range], rows: rows))
                    }
                }
                values.append(starts)
            }
            firstKeys.append(values)
        }
        return firstKeys
    }

    /// `[row differences, each filter's column]`, the filters `left` empty.
    static func records(_ rows: [Int], of facets: Facets, leaving left: [Int]) -> [UInt8] {
        var output = Array("[".utf8) + BrowseData.differences(rows)
        for (number, filter) in facets.filters.enumerated() {
            output.append(UInt8(ascii: ","))
            output += left.contains(number) ? Array("[]".utf8) : BrowseData.column(filter, rows: rows)
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    /// The blocks of keyed rows in key order handed to `file`, and then the tallies (`h`).
    static func writeIndex(_ facets: Facets, rowCount: Int, file: (String, [UInt8]) throws -> Void) throws {
        guard let range = rangeFilter(facets) else { return }
        let keys = facets.filters[range].keys
        let ordered = keyOrder(Array(0..<rowCount), keys: keys).filter { keys[$0] != nil }
        var firsts: [String] = []
        var lasts: [String] = []
        var tallies = [[Int]](repeating: [], count: facets.filters.count)
        for start in stride(from: 0, to: ordered.count, by: indexRows) {
            let block = Array(ordered[start..<min(ordered.count, start + indexRows)])
            firsts.append(keys[block[0]].map(FilterPanel.keyText) ?? "null")
            lasts.append(keys[block[block.count - 1]].map(FilterPanel.keyText) ?? "null")
            var body = Array("[".utf8) + BrowseData.column(facets.filters[range], rows: block)
            for (number, filter) in facets.filters.enumerated() {
                body.append(UInt8(ascii: ","))
                guard filter.spec.kind != .range else {
                    body += Array("null".utf8)
                    continue
                }
                body += BrowseData.column(filter, rows: block)
                var counts = [Int](repeating: 0, count: filter.values.count)
                for row in block { for value in filter.values(ofRow: row) { counts[Int(value)] += 1 } }
                tallies[number] += counts
            }
            body.append(UInt8(ascii: "]"))
            try file("s-\(start / indexRows)", body)
        }
        let columns = facets.filters.enumerated().map { number, filter in
            filter.spec.kind == .range ? "null" : "[" + tallies[number].map(String.init).joined(separator: ",") + "]"
        }
        try file("h", Array(("[[" + firsts.joined(separator: ",") + "],[" + lasts.joined(separator: ",") + "],["
            + columns.joined(separator: ",") + "]]").utf8))
    }
}
