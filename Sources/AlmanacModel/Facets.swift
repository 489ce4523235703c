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

    /// Nil when the page asks for neither filters nor sorting. Each filter and order is worked
    /// out on its own core (each with its own collator: ICU's are not shared between threads):
    /// at 100,000 rows they were a third of the time the page took to model.
    static func make(_ sections: [Section], settings: PageSettings, labelField: String, locale: String, none: String) -> Facets? {
        guard !settings.filters.isEmpty || !settings.sortable.isEmpty else { return nil }
        let rows = sections.flatMap(\.rows)
        let sortFields: [String?] = settings.sortable.isEmpty ? [] : [nil] + settings.sortable.filter { $0 != labelField }
        enum Part: Sendable { case filter(Filter), sort(SortField), none }
        let work = settings.filters.map { FacetWork.filter($0) } + sortFields.map { FacetWork.sort($0) }
        let parts = Parallel.map(work) { item -> Part in
            // The page checked its locale before; a collator that cannot be made leaves the part out.
            guard let collation = Collation(locale: locale) else { return .none }
            switch item {
            case .filter(let spec):
                return .filter(spec.kind == .range ? rangeFilter(spec, rows: rows) : valuesFilter(spec, rows: rows, collation: collation, none: none))
            case .sort(let field):
                return .sort(sortField(field, rows: rows, collation: collation))
            }
        }
        return Facets(
            filters: parts.compactMap { if case .filter(let filter) = $0 { filter } else { nil } },
            sorts: parts.compactMap { if case .sort(let sort) = $0 { sort } else { nil } })
    }

    private enum FacetWork: Sendable {
        case filter(FilterSpec)
        case sort(String?)
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

    private static func valuesFilter(_ spec: FilterSpec, rows: [Row], collation: Collation, none: String) -> Filter {
        // Each row's value titles numbered as first seen, without a string array per row: at
        // 100,000 rows those were most of the time a filter took.
        var firstSeen: [String: Int32] = [:]
        var titles: [String] = []
        var counts: [Int] = []
        var rowStarts: [Int32] = [0]
        var seenNumbers: [Int32] = []
        rowStarts.reserveCapacity(rows.count + 1)
        seenNumbers.reserveCapacity(rows.count)
        func add(_ title: String, rowStart: Int) {
            let number: Int32
            if let known = firstSeen[title] {
                number = known
                // A list naming a value twice counts it once.
                if seenNumbers[rowStart...].contains(number) { return }
            } else {
                number = Int32(titles.count)
                firstSeen[title] = number
                titles.append(title)
                counts.append(0)
            }
            counts[Int(number)] += 1
            seenNumbers.append(number)
        }
        for row in rows {
            let rowStart = seenNumbers.count
            let value = row.record[spec.field]
            if spec.kind == .years {
                if let date = PageBuilder.date(value) { add(String(date.year), rowStart: rowStart) }
            } else if case .list(let items)? = value {
                for item in items {
                    let title = PageBuilder.trimmed(item.text)
                    if !title.isEmpty { add(title, rowStart: rowStart) }
                }
            } else {
                let title = PageBuilder.trimmed(value?.text ?? "")
                if !title.isEmpty { add(title, rowStart: rowStart) }
            }
            if seenNumbers.count == rowStart { add(none, rowStart: rowStart) }
            rowStarts.append(Int32(seenNumbers.count))
        }
        let years = spec.kind == .years
        let sortKeys = titles.map { collation.sortKey($0, strength: .secondary) }
        let ordered = titles.indices.sorted { a, b in
            let (x, y) = (titles[a], titles[b])
            if (x == none) != (y == none) { return y == none }
            if years { return (Int(x) ?? 0) > (Int(y) ?? 0) }
            if counts[a] != counts[b] { return counts[a] > counts[b] }
            return sortKeys[a] != sortKeys[b] ? sortKeys[a].lexicographicallyPrecedes(sortKeys[b]) : Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
        }
        var renumber = [Int32](repeating: 0, count: titles.count)
        for (place, seen) in ordered.enumerated() { renumber[seen] = Int32(place) }
        var valueNumbers = seenNumbers.map { renumber[Int($0)] }
        for row in 0..<rows.count where rowStarts[row + 1] - rowStarts[row] > 1 {
            valueNumbers[Int(rowStarts[row])..<Int(rowStarts[row + 1])].sort()
        }
        return Filter(
            spec: spec, values: ordered.map { FilterValue(title: titles[$0], count: counts[$0]) }, rowStarts: rowStarts,
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
        let order = keys.indices.sorted { a, b in
            let (x, y) = (keys[a], keys[b])
            return x == y ? a < b : x < y
        }
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
