import AlmanacCore

/// What a reader may narrow a page's rows by and reorder them by, worked out at build time so
/// the browser only counts and compares numbers: each filter's values with their counts and
/// each row's values, and each sortable field's rank of every row. Rows are numbered in page
/// order, as the listing numbers them.
public struct Facets: Sendable {
    public let filters: [Filter]
    /// The label first, then each `sortable:` field; none without `sortable:`.
    public let sorts: [SortField]

    /// One filter of the panel.
    public struct Filter: Sendable {
        public let spec: FilterSpec
        /// Values and years: most rows first (years newest first), "(none)" last.
        public let values: [FilterValue]
        /// Values and years: row `r`'s value numbers are `valueNumbers[rowStarts[r]..<rowStarts[r + 1]]`
        /// (a list field gives a row several).
        public let rowStarts: [Int32]
        public let valueNumbers: [Int32]
        /// Range: each row's key (a number, or a date as yyyymmdd), nil when it has none.
        public let keys: [Double?]
        /// Range: whether the keys are dates.
        public let isDate: Bool

        public func values(ofRow row: Int) -> ArraySlice<Int32> {
            valueNumbers[Int(rowStarts[row])..<Int(rowStarts[row + 1])]
        }
    }

    public struct FilterValue: Sendable, Equatable {
        public let title: String
        public let count: Int
    }

    /// A field the rows can be ordered by.
    public struct SortField: Sendable {
        public enum Kind: String, Sendable { case text, number, date }
        /// Nil for the label.
        public let field: String?
        public let kind: Kind
        /// Each row's place in ascending order, rows of equal values sharing one; -1 when it
        /// has no value (such rows come last either way).
        public let ranks: [Int32]
    }

    /// Nil when the page asks for neither filters nor sorting.
    static func make(_ sections: [Section], settings: PageSettings, labelField: String, collation: Collation) -> Facets? {
        guard !settings.filters.isEmpty || !settings.sortable.isEmpty else { return nil }
        let rows = sections.flatMap(\.rows)
        let filters = settings.filters.map { spec in
            spec.kind == .range ? rangeFilter(spec, rows: rows) : valuesFilter(spec, rows: rows, collation: collation)
        }
        var sorts = settings.sortable.isEmpty ? [] : [sortField(nil, rows: rows, collation: collation)]
        for field in settings.sortable where field != labelField { sorts.append(sortField(field, rows: rows, collation: collation)) }
        return Facets(filters: filters, sorts: sorts)
    }

    /// A number, or a date as yyyymmdd (a year alone as its first day): what a range compares.
    public static func rangeKey(_ value: Value?) -> Double? {
        switch value {
        case .number(let number) where number.value.isFinite: return number.value
        case .date, .string:
            guard let date = PageBuilder.date(value) else { return nil }
            return Double(date.year * 10_000 + (date.month ?? 1) * 100 + (date.day ?? 1))
        default: return nil
        }
    }

    private static func valuesFilter(_ spec: FilterSpec, rows: [Row], collation: Collation) -> Filter {
        let none = PageBuilder.missingValueTitle
        // Each row's value titles, then the distinct titles numbered as first seen.
        let titlesOfRow: [[String]] = rows.map { row in
            let value = row.record[spec.field]
            var titles: [String]
            if spec.kind == .years {
                titles = PageBuilder.date(value).map { [String($0.year)] } ?? []
            } else if case .list(let items)? = value {
                titles = items.map { PageBuilder.trimmed($0.text) }.filter { !$0.isEmpty }
            } else {
                titles = [PageBuilder.trimmed(value?.text ?? "")].filter { !$0.isEmpty }
            }
            if titles.isEmpty { titles = [none] }
            var seen = Set<String>()
            return titles.filter { seen.insert($0).inserted }
        }
        var counts: [String: Int] = [:]
        for titles in titlesOfRow { for title in titles { counts[title, default: 0] += 1 } }
        let years = spec.kind == .years
        let sortKeys = Dictionary(uniqueKeysWithValues: counts.keys.map { ($0, collation.sortKey($0, strength: .secondary)) })
        let ordered = counts.keys.sorted { a, b in
            if (a == none) != (b == none) { return b == none }
            if years { return (Int(a) ?? 0) > (Int(b) ?? 0) }
            if counts[a] != counts[b] { return counts[a, default: 0] > counts[b, default: 0] }
            let (ka, kb) = (sortKeys[a] ?? [], sortKeys[b] ?? [])
            return ka != kb ? ka.lexicographicallyPrecedes(kb) : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
        let number = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, Int32($0.offset)) })
        var rowStarts: [Int32] = [0]
        var valueNumbers: [Int32] = []
        rowStarts.reserveCapacity(rows.count + 1)
        for titles in titlesOfRow {
            valueNumbers += titles.compactMap { number[$0] }.sorted()
            rowStarts.append(Int32(valueNumbers.count))
        }
        return Filter(
            spec: spec, values: ordered.map { FilterValue(title: $0, count: counts[$0] ?? 0) }, rowStarts: rowStarts,
            valueNumbers: valueNumbers, keys: [], isDate: false)
    }

    private static func rangeFilter(_ spec: FilterSpec, rows: [Row]) -> Filter {
        let values = rows.map { $0.record[spec.field] }
        let isNumber = values.contains { if case .number? = $0 { return true } else { return false } }
        let keys = values.map { value -> Double? in
            guard let key = rangeKey(value) else { return nil }
            // A field of numbers keeps to numbers: a year written as a number is not a date there.
            if isNumber, case .number? = value { return key }
            return isNumber ? nil : key
        }
        return Filter(spec: spec, values: [], rowStarts: [], valueNumbers: [], keys: keys, isDate: !isNumber)
    }

    private static func sortField(_ field: String?, rows: [Row], collation: Collation) -> SortField {
        let keys: [RowOrder.KeyPart] = rows.map { row in
            guard let field else { return .text(collation.sortKey(row.label, strength: .secondary)) }
            return RowOrder.key(row.record[field], collation: collation)
        }
        // What Sort by calls the directions: lowest first for numbers, oldest first for dates
        // (ISO dates written as text among them), A to Z for the rest.
        let present = keys.indices.filter { keys[$0] != .missing }
        let isNumber = { (index: Int) in if case .number = keys[index] { return true } else { return false } }
        let isDate = { (index: Int) in field.map { PageBuilder.date(rows[index].record[$0]) != nil && !isNumber(index) } ?? false }
        let kind: SortField.Kind = present.isEmpty ? .text : present.allSatisfy(isNumber) ? .number : present.allSatisfy(isDate) ? .date : .text
        let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
        var ranks = [Int32](repeating: -1, count: keys.count)
        var rank: Int32 = -1
        var previous: RowOrder.KeyPart?
        for index in order where keys[index] != .missing {
            if previous != keys[index] { rank += 1 }
            previous = keys[index]
            ranks[index] = rank
        }
        return SortField(field: field, kind: kind, ranks: ranks)
    }
}
