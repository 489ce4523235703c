import AlmanacCore
import Dispatch
import Testing

@Suite struct LockedTests {
    /// Contended on purpose: under `make sanitize`, Thread Sanitizer must see this lock, or it
    /// reports the increments as a race (as it did for `Synchronization.Mutex`, whose waits are
    /// futex calls it does not intercept).
    @Test func contendedChangesAreNeverLost() {
        let counter = Locked([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for step in 0..<2_000 {
                counter.withLock { $0[step % 16, default: 0] += 1 }
                if step % 100 == 0 { _ = counter.withLock { $0.count } }
            }
        }
        let totals = counter.withLock { $0 }
        #expect(totals.count == 16)
        #expect(totals.values.reduce(0, +) == 16_000)
        #expect(Set(totals.values) == [1_000])
    }

    @Test func anErrorThrownInsideLeavesTheLockFree() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2, "the change before the throw stays, and the lock is free again")
    }
}
