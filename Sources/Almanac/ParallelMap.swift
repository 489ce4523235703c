import Dispatch
import Synchronization

/// Maps over items on every core and returns the results in input order, whatever order they
/// finished in, so parallel builds stay byte-identical.
enum ParallelMap {
    static func map<Input: Sendable, Output: Sendable>(
        _ items: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        if items.count < 2 { return items.map(transform) }
        let results = Mutex<[Int: Output]>([:])
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let output = transform(items[index])
            results.withLock { $0[index] = output }
        }
        return results.withLock { collected in items.indices.compactMap { collected[$0] } }
    }
}
