import Dispatch
import Synchronization

/// Runs work over slices of one input on every core and returns the results in slice order,
/// so a reader that parses in parallel still produces exactly what a serial pass would.
enum ParallelSlices {
    static func map<Output: Sendable>(_ slices: [Range<Int>], _ body: @Sendable (Range<Int>) -> Output) -> [Output] {
        if slices.count < 2 { return slices.map(body) }
        let results = Mutex<[Int: Output]>([:])
        DispatchQueue.concurrentPerform(iterations: slices.count) { index in
            let output = body(slices[index])
            results.withLock { $0[index] = output }
        }
        return results.withLock { collected in slices.indices.compactMap { collected[$0] } }
    }
}
