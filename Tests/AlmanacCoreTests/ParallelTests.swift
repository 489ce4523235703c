import AlmanacCore
import Testing

/// Work spread over cores comes back as if done in order: a build stays byte-identical.
struct ParallelTests {
    @Test func mapKeepsTheItemsOrderWhateverFinishesFirst() {
        let items = Array(0..<200)
        #expect(Parallel.map(items, heaviestFirst: { $0 % 7 }) { $0 * $0 } == items.map { $0 * $0 })
    }

    @Test func bothGivesEachResultInItsPlace() {
        let (words, sum) = Parallel.both({ (0..<1000).map(String.init).joined(separator: ",") }, { (0..<1000).reduce(0, +) })
        #expect(words.hasPrefix("0,1,2,") && words.hasSuffix(",999"))
        #expect(sum == 499_500)
    }
}
