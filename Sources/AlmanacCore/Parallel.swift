import Dispatch

/// Work spread over every core whose results come back in input order, whatever order they
/// finished in, so that a parallel build stays byte-identical to a serial one.
public enum Parallel {
    /// `transform` of each item, in item order. With `weight`, heavier items are started first,
    /// so that one big item does not run last and alone while the other cores sit idle.
    public static func map<Input: Sendable, Output: Sendable>(
        _ items: [Input], heaviestFirst weight: ((Input) -> Int)? = nil, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        if items.count < 2 { return items.map(transform) }
        let order = weight.map { weight in items.indices.sorted { weight(items[$0]) > weight(items[$1]) } } ?? Array(items.indices)
        let results = Locked<[Int: Output]>([:])
        DispatchQueue.concurrentPerform(iterations: items.count) { position in
            let index = order[position]
            let output = transform(items[index])
            results.withLock { $0[index] = output }
        }
        return results.withLock { collected in items.indices.compactMap { collected[$0] } }
    }
}
