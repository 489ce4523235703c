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
}
