import Foundation

/// Server-sent events to every open page: `reload` after a good build, `problem` with the
/// error text after a bad one, `fixed` when the site builds again. Each page is a subscriber
/// with its own queue, so a slow page never holds up a build or another page.
final class EventStream: @unchecked Sendable {
    /// A comment line now and then keeps proxies and browsers from closing a quiet stream.
    static let keepAlive: TimeInterval = 15

    final class Subscriber: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [[UInt8]] = []
        private var isClosed = false
        private weak var stream: EventStream?

        init(stream: EventStream, first: [UInt8]) {
            self.stream = stream
            queue = [first]
        }

        /// The next bytes to send, waiting for them; a keep-alive comment when none come in
        /// time; nil once the server stops.
        func next() -> [UInt8]? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(EventStream.keepAlive)
            while queue.isEmpty && !isClosed {
                if !condition.wait(until: deadline) { return Array(": still here\n\n".utf8) }
            }
            if isClosed && queue.isEmpty { return nil }
            return queue.removeFirst()
        }

        func putBack(_ bytes: [UInt8]) {
            condition.lock()
            queue.insert(bytes, at: 0)
            condition.unlock()
        }

        func send(_ bytes: [UInt8]) {
            condition.lock()
            queue.append(bytes)
            condition.signal()
            condition.unlock()
        }

        func close() {
            condition.lock()
            isClosed = true
            condition.broadcast()
            condition.unlock()
        }

        /// The page went away.
        func leave() {
            stream?.remove(self)
        }
    }

    private let lock = NSLock()
    private var subscribers: [ObjectIdentifier: Subscriber] = [:]
    /// What a page that connects now is told first: the current problem, if the last build failed.
    private var current: [UInt8] = Array(": connected\n\n".utf8)

    func subscribe() -> Subscriber {
        lock.lock()
        defer { lock.unlock() }
        let subscriber = Subscriber(stream: self, first: current)
        subscribers[ObjectIdentifier(subscriber)] = subscriber
        return subscriber
    }

    func remove(_ subscriber: Subscriber) {
        lock.lock()
        subscribers[ObjectIdentifier(subscriber)] = nil
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return subscribers.count
    }

    /// Sends an event to every page; `isState` also makes it what new pages are told first.
    func broadcast(_ event: String, data: String, isState: Bool = false) {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        let bytes = Array((text + "\n").utf8)
        lock.lock()
        current = isState ? bytes : Array(": connected\n\n".utf8)
        let all = Array(subscribers.values)
        lock.unlock()
        for subscriber in all { subscriber.send(bytes) }
    }

    func closeAll() {
        lock.lock()
        let all = Array(subscribers.values)
        lock.unlock()
        all.forEach { $0.close() }
    }
}
