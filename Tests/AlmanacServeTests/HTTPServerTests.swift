import Glibc
import Testing
@testable import AlmanacServe

@Suite struct HTTPServerTests {
    final class Owner: Sendable {}

    /// The handler holds the server's whole build session: once the server has stopped, nothing
    /// may keep it (a leak that `make sanitize` reports at exit).
    @Test func stoppingReleasesTheHandlerAndWhatItHolds() throws {
        weak var released: Owner?
        do {
            let owner = Owner()
            released = owner
            let server = try Self.server(holding: owner)
            #expect(server.port != 0)
            let answered = try Self.status(ofPort: server.port)
            #expect(answered == 204)
            server.stop()
        }
        #expect(released == nil, "the handler's box was released when the server stopped")
    }

    @Test func aServerDroppedWithoutStoppingStopsAndReleasesItsHandler() throws {
        weak var released: Owner?
        var port: UInt16 = 0
        do {
            let owner = Owner()
            released = owner
            let server = try Self.server(holding: owner)
            port = server.port
        }
        #expect(released == nil)
        #expect(throws: (any Error).self, "nothing listens on the port any more") {
            try Self.status(ofPort: port)
        }
    }

    /// A server whose handler holds `owner`, answering 204 No Content.
    static func server(holding owner: Owner) throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0) { _ in
            _ = owner
            return HTTPServer.Response(status: 204)
        }
    }

    /// Each server answers with its own handler, however many run in one process.
    @Test func serversSideBySideEachAnswerWithTheirOwnHandler() throws {
        let first = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPServer.Response(status: 201) }
        let second = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPServer.Response(status: 202) }
        #expect(try Self.status(ofPort: first.port) == 201)
        #expect(try Self.status(ofPort: second.port) == 202)
        first.stop()
        #expect(try Self.status(ofPort: second.port) == 202, "stopping one leaves the other serving")
        second.stop()
    }

    struct Refused: Error {}

    /// A GET's status code, over a plain socket to loopback, within five seconds.
    static func status(ofPort port: UInt16) throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Refused() }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Refused() }
        let request = Array("GET / HTTP/1.0\r\n\r\n".utf8)
        guard send(socket, request, request.count, 0) == request.count else { throw Refused() }
        var answer = [UInt8](repeating: 0, count: 64)
        let count = recv(socket, &answer, answer.count, 0)
        guard count > 12 else { throw Refused() }
        // "HTTP/1.0 204 …"
        return Int(String(decoding: answer[9..<12], as: UTF8.self)) ?? 0
    }
}
