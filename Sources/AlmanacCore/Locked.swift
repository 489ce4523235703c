#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that one thread at a time reads or changes, through `withLock`.
///
/// Why not `Synchronization.Mutex`: on Linux a contended `Mutex` waits in futex calls that
/// Thread Sanitizer does not intercept, so TSan takes every access inside `withLock` for a race
/// and a report stops meaning one (`make sanitize` would fail about half its runs on locks that
/// are correct). A pthread mutex is what TSan watches, and it costs the same when uncontended.
/// The shipped and the sanitized builds use this one type, so what TSan checks is what runs.
public final class Locked<Value>: @unchecked Sendable {
    // The mutex lives at a fixed address of its own: a pthread mutex must never move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// `body` with the value, while no other thread has it.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
