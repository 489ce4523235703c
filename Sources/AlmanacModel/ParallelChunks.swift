import AlmanacCore

/// Splits work over rows across the cores and joins the results in row order.
enum ParallelChunks {
    /// Below this many rows a single thread is quicker than starting others.
    static let minimumRows = 4096

    /// With a collator for each chunk (ICU collators are not shared between threads); nil when
    /// the locale has none.
    static func map<Result: Sendable>(
        count: Int, locale: String, _ body: @Sendable (Collation, Range<Int>) -> [Result]
    ) -> [Result]? {
        let parts = Parallel.map(chunks(count)) { range -> [Result]? in
            guard !range.isEmpty else { return [] }
            guard let collation = Collation(locale: locale) else { return nil }
            return body(collation, range)
        }
        var results: [Result] = []
        results.reserveCapacity(count)
        for part in parts {
            guard let part else { return nil }
            results += part
        }
        return results
    }

    /// For work that needs no collator.
    static func map<Result: Sendable>(count: Int, _ body: @Sendable (Range<Int>) -> [Result]) -> [Result] {
        Parallel.map(chunks(count)) { range in range.isEmpty ? [] : body(range) }.flatMap { $0 }
    }

    private static func chunks(_ count: Int) -> [Range<Int>] {
        let chunks = count < minimumRows ? 1 : 8
        let size = (count + chunks - 1) / chunks
        return (0..<chunks).map { ($0 * size)..<min(count, ($0 + 1) * size) }
    }
}
