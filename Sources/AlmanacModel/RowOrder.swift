import AlmanacCore

/// The total order of rows: the sort fields in turn (numbers by value, dates by time, text by
/// the locale's collation at secondary strength — case-insensitive, accents after base letters,
/// digit runs by value), missing values last; then the full label with case; then its code
/// points; then input order. No two rows ever compare equal, so output never depends on the
/// sort algorithm.
struct RowOrder {
    enum KeyPart: Comparable {
        case number(Double)
        case date(Int, Int, Int, String)
        case text([UInt8])
        case missing

        static func < (a: KeyPart, b: KeyPart) -> Bool {
            switch (a, b) {
            case (.number(let x), .number(let y)): return x < y
            case (.date(let y1, let m1, let d1, let t1), .date(let y2, let m2, let d2, let t2)):
                return (y1, m1, d1) != (y2, m2, d2) ? (y1, m1, d1) < (y2, m2, d2) : t1 < t2
            case (.text(let x), .text(let y)): return x.lexicographicallyPrecedes(y)
            case (.missing, _): return false
            case (_, .missing): return true
            default: return a.rank < b.rank
            }
        }

        var rank: Int {
            switch self {
            case .number: return 0
            case .date: return 1
            case .text: return 2
            case .missing: return 3
            }
        }
    }

    struct Entry {
        let index: Int
        let parts: [KeyPart]
        let labelKey: [UInt8]
        let label: String
    }

    let spec: SortSpec
    let collation: Collation
    let locale: String

    static func key(_ value: Value?, collation: Collation) -> KeyPart {
        guard let value else { return .missing }
        switch value {
        case .null: return .missing
        case .number(let number): return .number(number.value)
        case .date(let date): return .date(date.year, date.month ?? 0, date.day ?? 0, date.text)
        case .string(let text) where text.isEmpty: return .missing
        default: return .text(collation.sortKey(value.text, strength: .secondary))
        }
    }

    /// Sorts each section's (label, record) rows on its own and returns, for each, its indices
    /// in order. Sort keys are made in chunks across every section on every core (each chunk
    /// with its own collator), then the sections are sorted side by side, comparing only bytes.
    func sorted(sections: [[(label: String, record: Record)]]) -> [[Int]] {
        let spec = self.spec
        let flat = sections.flatMap { $0 }
        var sectionRanges: [Range<Int>] = []
        for section in sections {
            let start = sectionRanges.last?.upperBound ?? 0
            sectionRanges.append(start..<(start + section.count))
        }
        let makeEntries: @Sendable (Collation, Range<Int>) -> [Entry] = { collation, range in
            range.map { index in
                let row = flat[index]
                return Entry(
                    index: index,
                    parts: spec.keys.map {
                        Self.key($0.field == "label" && row.record[$0.field] == nil ? .string(row.label) : row.record[$0.field], collation: collation)
                    },
                    labelKey: collation.sortKey(row.label, strength: .tertiary),
                    label: row.label)
            }
        }
        let entries = ParallelChunks.map(count: flat.count, locale: locale, makeEntries) ?? makeEntries(collation, 0..<flat.count)
        let descending = spec.keys.map(\.isDescending)
        return Parallel.map(sectionRanges, heaviestFirst: { $0.count }) { range in
            entries[range].sorted { a, b in
                for (position, isDescending) in descending.enumerated() {
                    let x = a.parts[position], y = b.parts[position]
                    if x == y { continue }
                    if case .missing = x { return false }
                    if case .missing = y { return true }
                    return isDescending ? y < x : x < y
                }
                if a.labelKey != b.labelKey { return a.labelKey.lexicographicallyPrecedes(b.labelKey) }
                if a.label != b.label { return a.label.unicodeScalars.lexicographicallyPrecedes(b.label.unicodeScalars) }
                return a.index < b.index
            }.map { $0.index - range.lowerBound }
        }
    }
}
