import AlmanacCore
import Dispatch

/// Server-sent events to every open page: `reload` after a good build, `problem` with the
/// error text after a bad one, `fixed` when the site builds again. Each page is a subscriber
/// with its own queue, so a slow page never holds up a build or another page.
final class EventStream: Sendable {
    /// A comment line now and then keeps proxies and browsers from closing a quiet stream.
    static let keepAlive: Double = 15

    /// One open page: what is still to be sent to it, read by the server's thread for that
    /// connection, which waits for the next event.
    final class Subscriber: Sendable {
        private struct Queue {
            var items: [[UInt8]]
            var isClosed = false
        }

        private enum Taken {
            case bytes([UInt8])
            case closed
            case nothing
        }

        private let queue: Locked<Queue>
        /// Signalled once for each item sent and at the close: what `next` waits on.
        private let arrivals = DispatchSemaphore(value: 0)
        private let onLeave: @Sendable (Subscriber) -> Void

        init(first: [UInt8], onLeave: @escaping @Sendable (Subscriber) -> Void) {
            queue = Locked(Queue(items: [first]))
            self.onLeave = onLeave
        }

        /// The next bytes to send, waiting for them; a keep-alive comment when none come in
        /// time; nil once the server stops.
        func next() -> [UInt8]? {
            let deadline = DispatchTime.now() + EventStream.keepAlive
            while true {
                let taken = queue.withLock { queue -> Taken in
                    if !queue.items.isEmpty { return .bytes(queue.items.removeFirst()) }
                    return queue.isClosed ? .closed : .nothing
                }
                switch taken {
                case .bytes(let bytes): return bytes
                case .closed: return nil
                case .nothing:
                    if arrivals.wait(timeout: deadline) == .timedOut { return Array(": still here\n\n".utf8) }
                }
            }
        }

        /// Bytes the connection could not take yet: sent first next time.
        func putBack(_ bytes: [UInt8]) {
            queue.withLock { $0.items.insert(bytes, at: 0) }
        }

        func send(_ bytes: [UInt8]) {
            queue.withLock { $0.items.append(bytes) }
            arrivals.signal()
        }

        func close() {
            queue.withLock { $0.isClosed = true }
            arrivals.signal()
        }

        /// The page went away.
        func leave() {
            onLeave(self)
        }
    }

    private struct Pages {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        /// What a page that connects now is told first: the current problem, if the last
        /// build failed.
        var current: [UInt8] = Array(": connected\n\n".utf8)
    }

    private let pages = Locked(Pages())

    func subscribe() -> Subscriber {
        pages.withLock { pages in
            let subscriber = Subscriber(first: pages.current) { [weak self] in self?.remove($0) }
            pages.subscribers[ObjectIdentifier(subscriber)] = subscriber
            return subscriber
        }
    }

    func remove(_ subscriber: Subscriber) {
        pages.withLock { $0.subscribers[ObjectIdentifier(subscriber)] = nil }
    }

    var count: Int {
        pages.withLock { $0.subscribers.count }
    }

    /// Sends an event to every page; `isState` also makes it what new pages are told first.
    func broadcast(_ event: String, data: String, isState: Bool = false) {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        let bytes = Array((text + "\n").utf8)
        let all = pages.withLock { pages in
            pages.current = isState ? bytes : Array(": connected\n\n".utf8)
            return Array(pages.subscribers.values)
        }
        for subscriber in all { subscriber.send(bytes) }
    }

    func closeAll() {
        pages.withLock { Array($0.subscribers.values) }.forEach { $0.close() }
    }
}
