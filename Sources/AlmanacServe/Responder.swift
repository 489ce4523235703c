import AlmanacCore
import AlmanacTemplate
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How `serve` answers a request: the reload client and its events, else a file of the built
/// site with the headers a careful static host sends (a strict policy, validators, ranges).
extension DevServer {
    static let policy = "default-src 'self'"

    func respond(to request: HTTPServer.Request) -> HTTPServer.Response {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Self.page(405, "Method not allowed", "almanac serve answers GET and HEAD.", extra: [("Allow", "GET, HEAD")])
        }
        let path = request.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.target
        switch path {
        case ReloadClient.path:
            return HTTPServer.Response(
                status: 200, headers: Self.common + [("Content-Type", "text/javascript; charset=utf-8")], body: .bytes(ReloadClient.script))
        case ReloadClient.events:
            return HTTPServer.Response(
                status: 200, headers: Self.common + [("Content-Type", "text/event-stream"), ("X-Accel-Buffering", "no")],
                body: .stream(events.subscribe()))
        default:
            break
        }
        let found = servedTree.withLock { overlay in open(request.target, overlay: overlay) }
        switch found {
        case .badRequest:
            return Self.page(400, "Bad request", "That path is not one this server answers.")
        case .notFound:
            let detail = currentProblem.map { "The site did not build:\n\n" + $0 } ?? "Nothing in the built site is at \(path)."
            return Self.page(404, "Not found", detail)
        case .redirect(let location):
            return HTTPServer.Response(status: 301, headers: Self.common + [("Location", location)], body: .bytes([]))
        case .file(let file):
            return serveFile(file, request: request)
        }
    }

    static let common: [(String, String)] = [
        ("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache"),
    ]

    /// A file found and opened: what it is read from stays the file found, whatever tree is
    /// swapped in after.
    struct OpenFile {
        let path: String
        let descriptor: Int32
        let status: stat
    }

    enum Found {
        case file(OpenFile)
        case redirect(location: String)
        case notFound
        case badRequest
    }

    /// Finds the file and opens it; called holding `servedTree`, so the tree cannot move
    /// between the two.
    private func open(_ target: String, overlay: String?) -> Found {
        switch files.lookup(target, overlay: overlay) {
        case .badRequest: return .badRequest
        case .notFound: return .notFound
        case .redirect(let location): return .redirect(location: location)
        case .file(let path):
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return .notFound }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                close(descriptor)
                return .notFound
            }
            return .file(OpenFile(path: path, descriptor: descriptor, status: status))
        }
    }

    /// Answers with the open file, and closes it or hands it to the server to send and close.
    private func serveFile(_ file: OpenFile, request: HTTPServer.Request) -> HTTPServer.Response {
        let size = Int(file.status.st_size)
        let isHTML = Path.fileExtension(of: file.path) == "html"
        // Pages are served with the reload client in them, so their validator says so.
        let tag = "\"\(String(UInt64(bitPattern: Int64(file.status.st_ino)), radix: 16))-\(String(size, radix: 16))-"
            + "\(String(file.status.st_mtim.tv_sec, radix: 16)).\(String(file.status.st_mtim.tv_nsec, radix: 16))\(isHTML ? "-live" : "")\""
        var headers = Self.common + [("Content-Type", StaticFiles.mediaType(of: file.path)), ("ETag", tag)]
        if let match = request.header("If-None-Match"), match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag }) {
            close(file.descriptor)
            return HTTPServer.Response(status: 304, headers: headers, body: .bytes([]))
        }
        if isHTML {
            defer { close(file.descriptor) }
            guard let bytes = pages.page(at: file.path, tag: tag, reading: { Self.readAll(file.descriptor, size: size) }) else {
                return Self.page(500, "Cannot read", "The file at \(request.target) could not be read.")
            }
            return HTTPServer.Response(status: 200, headers: headers, body: .bytes(bytes))
        }
        headers.append(("Accept-Ranges", "bytes"))
        let range = ByteRange(header: request.header("Range"), size: size)
        if case .unsatisfiable = range {
            close(file.descriptor)
            return HTTPServer.Response(status: 416, headers: headers + [("Content-Range", "bytes */\(size)")], body: .bytes([]))
        }
        if case .part(let part) = range {
            headers.append(("Content-Range", "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(size)"))
            return HTTPServer.Response(status: 206, headers: headers, body: .file(descriptor: file.descriptor, offset: part.lowerBound, length: part.count))
        }
        return HTTPServer.Response(status: 200, headers: headers, body: .file(descriptor: file.descriptor, offset: 0, length: size))
    }

    /// The whole of an open file from its start; nil if reading fails.
    private static func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, size - filled, off_t(filled))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }

    /// A small page of the server's own, its text escaped, with the reload client so it goes
    /// away by itself once the site is fixed.
    static func page(_ status: Int, _ title: String, _ text: String, extra: [(String, String)] = []) -> HTTPServer.Response {
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/><title>\(status) \(HTMLEscape.text(title))</title></head>
            <body><h1>\(HTMLEscape.text(title))</h1><pre>\(HTMLEscape.text(text))</pre></body></html>

            """
        return HTTPServer.Response(
            status: status, headers: common + [("Content-Type", "text/html; charset=utf-8")] + extra,
            body: .bytes(ReloadClient.inject(into: Array(html.utf8))))
    }
}

/// Pages as served, with the reload client in them, kept while their file is unchanged (its
/// validator is the key), so a page asked for again is not read and rewritten each time.
final class ServedPages: Sendable {
    private struct Kept {
        var pages: [String: (tag: String, bytes: [UInt8])] = [:]
        var size = 0
    }

    private let kept = Locked(Kept())
    /// Past this, the kept pages are dropped and kept anew.
    static let limit = 64 << 20

    func page(at path: String, tag: String, reading read: () -> [UInt8]?) -> [UInt8]? {
        if let page = kept.withLock({ $0.pages[path] }), page.tag == tag { return page.bytes }
        guard let contents = read() else { return nil }
        let bytes = ReloadClient.inject(into: contents)
        kept.withLock { kept in
            if kept.size + bytes.count > Self.limit { kept = Kept() }
            kept.size += bytes.count - (kept.pages[path]?.bytes.count ?? 0)
            kept.pages[path] = (tag, bytes)
        }
        return bytes
    }
}
