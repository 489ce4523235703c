import AlmanacCore
import CHTTPServer
import Foundation

/// HTTP over libmicrohttpd, which does the parsing, keep-alive, timeouts and connection limits
/// (a well-kept C library from Debian rather than a hand-written parser: see CONTRIBUTING).
/// A thread per connection, so an event stream may wait for its next event without holding
/// up anyone else. One server per process.
final class HTTPServer: Sendable {
    struct Request {
        let method: String
        let target: String
        let header: (String) -> String?
    }

    enum Body {
        case bytes([UInt8])
        /// Part of a file, sent from its descriptor (which the server closes).
        case file(descriptor: Int32, offset: Int, length: Int)
        /// Server-sent events: each call returns the next bytes to send, or nil at the end.
        case stream(EventStream.Subscriber)
    }

    struct Response {
        var status: Int
        var headers: [(String, String)] = []
        var body: Body = .bytes([])
    }

    typealias Handler = @Sendable (Request) -> Response

    /// The running server, until `stop`.
    private let daemon: Locked<OpaquePointer?>
    /// The handler as the C callbacks receive it, retained once more for them until the
    /// daemon has stopped.
    private let box: HandlerBox
    let handler: Handler
    /// The port it listens on (the one chosen, when asked for any).
    let port: UInt16

    /// Connections idle this long are dropped: slow or half-open clients cannot hold threads.
    static let idleTimeout: UInt32 = 30
    static let connectionLimit: UInt32 = 1000
    /// `MHD_RESPMEM_MUST_COPY`: the body is copied, so Swift's buffer need not outlive the call.
    static let mustCopy = MHD_ResponseMemoryMode(rawValue: 2)!

    /// Starts listening. The handler is reached through a box made before the daemon starts,
    /// so the server is whole before its first request.
    init(host: String, port: UInt16, handler: @escaping Handler) throws {
        self.handler = handler
        let box = HandlerBox(handler)
        var bound: UInt16 = 0
        let context = Unmanaged.passRetained(box).toOpaque()
        guard let started = almanac_http_start(host, port, Self.idleTimeout, Self.connectionLimit, HTTPServer.dispatch, context, &bound) else {
            Unmanaged<HandlerBox>.fromOpaque(context).release()
            throw ServeError(message: "cannot listen on \(host):\(port) (is the port in use, or the address not this machine's?)")
        }
        self.port = bound
        self.box = box
        daemon = Locked(started)
    }

    /// Stops listening and answering. libmicrohttpd joins every connection's thread before
    /// `almanac_http_stop` returns, so no request can still be using the handler's box: it is
    /// released, and with it the handler and whatever the handler holds (the server's whole
    /// build session), which would otherwise live until the process ends.
    func stop() {
        let stopped = daemon.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        guard let stopped else { return }
        almanac_http_stop(stopped)
        Unmanaged.passUnretained(box).release()
    }

    deinit {
        stop()
    }

    /// The handler as the C callback reaches it.
    private final class HandlerBox: Sendable {
        let handler: Handler
        init(_ handler: @escaping Handler) { self.handler = handler }
    }

    private static let dispatch: almanac_http_handler = { context, connection, url, method in
        guard let context, let connection, let url, let method else { return .NO }
        let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
        let request = Request(method: String(cString: method), target: String(cString: url)) { name in
            MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
        }
        return send(box.handler(request), on: connection)
    }

    private static func send(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), Self.mustCopy)
            }
        case .file(let descriptor, let offset, let length):
            made = MHD_create_response_from_fd_at_offset64(UInt64(length), descriptor, UInt64(offset))
        case .stream(let subscriber):
            let retained = Unmanaged.passRetained(subscriber).toOpaque()
            made = MHD_create_response_from_callback(UInt64.max, 4096, Self.readStream, retained, Self.endStream)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private static let readStream: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return -1 }
        let subscriber = Unmanaged<EventStream.Subscriber>.fromOpaque(context).takeUnretainedValue()
        guard let bytes = subscriber.next(), !bytes.isEmpty else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        let count = min(bytes.count, capacity)
        bytes.withUnsafeBytes { buffer.update(from: $0.bindMemory(to: CChar.self).baseAddress!, count: count) }
        if count < bytes.count { subscriber.putBack(Array(bytes[count...])) }
        return count
    }

    private static let endStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let subscriber = Unmanaged<EventStream.Subscriber>.fromOpaque(context).takeRetainedValue()
        subscriber.leave()
    }
}

struct ServeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
