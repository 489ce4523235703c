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

    /// Two unlike pieces of work at once, such as reading a run's results while its baseline is
    /// read: each result comes back in its place.
    public static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = Locked<(First?, Second?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { position in
            if position == 0 {
                let output = first()
                results.withLock { $0.0 = output }
            } else {
                let output = second()
                results.withLock { $0.1 = output }
            }
        }
        return results.withLock { ($0.0!, $0.1!) }
    }
}
