import AlmanacCore
import Foundation

/// What `serve` answers for a path under the built site: only files inside the output folder.
/// A request path is percent-decoded once and then refused if it holds `..`, a NUL, a
/// backslash or an empty part; the file it names is resolved through its links and must
/// still lie inside the folder. A folder is answered by its `index.html`, never listed.
struct StaticFiles: Sendable {
    /// The output folder, resolved, without a trailing slash.
    let root: String
    let fileSystem: any FileSystem

    init(root: String, fileSystem: any FileSystem = DiskFileSystem()) {
        self.fileSystem = fileSystem
        self.root = fileSystem.resolved(root)
    }

    enum Lookup: Equatable {
        case file(path: String)
        /// The path names a folder without its slash: `/birds` → `/birds/`.
        case redirect(location: String)
        case notFound
        case badRequest
    }

    /// `overlay`: a folder answered from first where it has the file (a build's staging
    /// folder, holding what changed, over the output it will replace).
    func lookup(_ target: String, overlay: String? = nil) -> Lookup {
        var requested = Substring(target)
        if let query = requested.firstIndex(where: { $0 == "?" || $0 == "#" }) { requested = requested[..<query] }
        guard requested.hasPrefix("/"), let decoded = Self.percentDecoded(String(requested)) else { return .badRequest }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, part) in parts.enumerated() {
            if part == ".." || part == "." || part.contains("\0") || part.contains("\\") { return .badRequest }
            if part.isEmpty && index != parts.count - 1 { return .badRequest }
        }
        if let overlay {
            let found = find(decoded, requested: requested, in: fileSystem.resolved(overlay))
            if found != .notFound { return found }
        }
        return find(decoded, requested: requested, in: root)
    }

    private func find(_ decoded: String, requested: Substring, in base: String) -> Lookup {
        var path = base + decoded
        // `/countries` is `countries.html` where no folder of that name has a page of its own,
        // as GitHub Pages and Netlify answer it (a page's detail pages are in `countries/`).
        let isFolderWithoutPage = fileSystem.isDirectory(path) && !fileSystem.exists(path + "/index.html")
        if !decoded.hasSuffix("/"), !fileSystem.exists(path) || isFolderWithoutPage, fileSystem.exists(path + ".html") {
            path += ".html"
        }
        guard fileSystem.exists(path) else { return .notFound }
        if fileSystem.isDirectory(path) {
            guard decoded.hasSuffix("/") else { return .redirect(location: String(requested) + "/") }
            path += "index.html"
        }
        let resolved = fileSystem.resolved(path)
        guard resolved.hasPrefix(base + "/"), fileSystem.exists(resolved), !fileSystem.isDirectory(resolved) else {
            return .notFound
        }
        return .file(path: resolved)
    }

    /// `%2e%2e` → `..`; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static let mediaTypes = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "md": "text/markdown; charset=utf-8", "xml": "application/xml", "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "pdf": "application/pdf", "woff2": "font/woff2",
        "csv": "text/csv; charset=utf-8", "wasm": "application/wasm",
    ]

    static func mediaType(of path: String) -> String {
        mediaTypes[Path.fileExtension(of: path)] ?? "application/octet-stream"
    }
}

/// A `Range: bytes=…` header against a file's size: one range (the form browsers send for
/// media), else the whole file; a range past the end is unsatisfiable.
enum ByteRange: Equatable {
    case whole
    case part(Range<Int>)
    case unsatisfiable

    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { self = .whole; return }
        let spec = header.dropFirst("bytes=".count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { self = .whole; return }
        let first = Int(spec[0].trimmingCharacters(in: .whitespaces)), last = Int(spec[1].trimmingCharacters(in: .whitespaces))
        switch (first, last) {
        case (let start?, let end):
            guard start < size else { self = .unsatisfiable; return }
            let stop = min(end.map { $0 + 1 } ?? size, size)
            self = stop > start ? .part(start..<stop) : .unsatisfiable
        case (nil, let suffix?):
            guard suffix > 0, size > 0 else { self = .unsatisfiable; return }
            self = .part(max(0, size - suffix)..<size)
        default:
            self = .whole
        }
    }
}
