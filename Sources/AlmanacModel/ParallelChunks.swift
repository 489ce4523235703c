import Dispatch
import Synchronization

/// Splits work over rows across the cores, each chunk with its own collator (ICU collators are
/// not shared between threads), and joins the results in row order.
enum ParallelChunks {
    /// Below this many rows a single thread is quicker than starting others.
    static let minimumRows = 4096

    static func map<Result: Sendable>(
        count: Int, locale: String, _ body: @Sendable (Collation, Range<Int>) -> [Result]
    ) -> [Result]? {
        let chunks = count < minimumRows ? 1 : 8
        let size = (count + chunks - 1) / chunks
        let results = Mutex<[Int: [Result]]>([:])
        let failed = Mutex(false)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * size)..<min(count, (chunk + 1) * size)
            guard !range.isEmpty else { return }
            guard let collation = Collation(locale: locale) else {
                failed.withLock { $0 = true }
                return
            }
            let part = body(collation, range)
            results.withLock { $0[chunk] = part }
        }
        if failed.withLock({ $0 }) { return nil }
        return results.withLock { parts in (0..<chunks).flatMap { parts[$0] ?? [] } }
    }

    /// Splits work that needs no collator over rows across the cores, joined in row order.
    static func map<Result: Sendable>(count: Int, _ body: @Sendable (Range<Int>) -> [Result]) -> [Result] {
        let chunks = count < minimumRows ? 1 : 8
        let size = (count + chunks - 1) / chunks
        return each((0..<chunks).map { ($0 * size)..<min(count, ($0 + 1) * size) }) { range in
            range.isEmpty ? [] : body(range)
        }.flatMap { $0 }
    }

    /// Runs `body` over each item on every core, largest first so one big item does not finish
    /// last alone, and returns the results in item order.
    static func each<Item: Sendable, Result: Sendable>(_ items: [Item], weight: (Item) -> Int = { _ in 1 }, _ body: @Sendable (Item) -> Result) -> [Result] {
        if items.count < 2 { return items.map(body) }
        let order = items.indices.sorted { weight(items[$0]) > weight(items[$1]) }
        let results = Mutex<[Int: Result]>([:])
        DispatchQueue.concurrentPerform(iterations: items.count) { position in
            let index = order[position]
            let result = body(items[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { collected in items.indices.compactMap { collected[$0] } }
    }
}
