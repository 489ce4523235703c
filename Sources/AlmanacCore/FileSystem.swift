import CRename
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The only door to files. The build reads and writes through it so that most tests run on the
/// in-memory twin, and so that the writer's atomic swap is one place to reason about.
public protocol FileSystem: Sendable {
    func read(_ path: String) throws -> [UInt8]
    /// Reads a file front to back in pieces of at most `size` bytes, handing each to `body`:
    /// how a data file of gigabytes is read without being held whole.
    func read(_ path: String, inPiecesOf size: Int, _ body: ([UInt8]) throws -> Void) throws
    func write(_ bytes: [UInt8], to path: String) throws
    /// Writes a file made piece by piece: `produce` hands each piece to `append` as it is made,
    /// so a file of hundreds of megabytes is never held whole. Same rules as `write`.
    func write(to path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws
    /// Names in a directory, sorted by code point so that builds never depend on disk order.
    func contents(ofDirectory path: String) throws -> [String]
    func isDirectory(_ path: String) -> Bool
    func exists(_ path: String) -> Bool
    func createDirectory(_ path: String) throws
    func remove(_ path: String) throws
    func move(_ source: String, to destination: String) throws
    /// Swaps two existing paths in one atomic step, so that each name always exists. Returns
    /// false, having changed nothing, where the system cannot do that (callers fall back).
    func exchange(_ first: String, _ second: String) throws -> Bool
    /// Gives a file a second name (a hard link: no bytes copied, and the original untouched),
    /// or copies it where the file system cannot link.
    func link(_ source: String, to destination: String) throws
    /// The path with every symbolic link and `.`/`..` part resolved, absolute on the disk; a
    /// part that does not exist yet is kept as written. What the build's boundaries compare.
    func resolved(_ path: String) -> String
    /// Replaces a file's bytes in one step that a crash cannot tear, keeping its permissions
    /// (see `DiskFileSystem.replace`): how `almanac add` and `remove` write a data file.
    func replace(_ path: String, with bytes: [UInt8]) throws
    /// Runs `body` holding an exclusive lock on the file at `path`, so that two edits of one
    /// file, in two processes, take turns rather than one losing the other's change.
    func withExclusiveLock<T>(on path: String, _ body: () throws -> T) throws -> T
    /// Runs `body` holding an exclusive lock on the file at `path`, made if missing, after
    /// calling `whenBusy` if another process holds it (and waiting for it). The lock is let go
    /// when `body` returns, and by the system when the process ends however it ends.
    func withLockFile<T>(_ path: String, whenBusy: () -> Void, _ body: () throws -> T) throws -> T
}

/// Failures of the file system itself, as opposed to bad content.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

extension FileSystem {
    /// For file systems with nothing better to do: the whole file, in pieces.
    public func read(_ path: String, inPiecesOf size: Int, _ body: ([UInt8]) throws -> Void) throws {
        let bytes = try read(path)
        var start = 0
        repeat {
            try body(Array(bytes[start..<min(bytes.count, start + size)]))
            start += size
        } while start < bytes.count
    }

    /// For file systems with nothing better to do: gathers the pieces, then writes them.
    public func write(to path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
        var bytes: [UInt8] = []
        try produce { bytes += $0 }
        try write(bytes, to: path)
    }

    public func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }
}

/// Path helpers shared by every stage; paths are plain `/`-separated strings.
public enum Path {
    public static func join(_ parts: String...) -> String { join(parts) }

    public static func join(_ parts: [String]) -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if result.isEmpty || part.hasPrefix("/") {
                result = part
            } else if result.hasSuffix("/") {
                result += part
            } else {
                result += "/" + part
            }
        }
        return result
    }

    // Paths are split on the byte `/`, not on Characters: faster, and a slash followed by a
    // combining mark is still a separator to the file system.
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == path.utf8.startIndex { return "/" }
        return String(Substring(path.utf8[..<slash]))
    }

    public static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(Substring(path.utf8[path.utf8.index(after: slash)...]))
    }

    /// The extension without its dot, lower-cased; empty when there is none.
    public static func fileExtension(of path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    public static func removingExtension(_ path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        let stem = String(name[..<dot])
        let directory = directory(of: path)
        return directory.isEmpty ? stem : join(directory, stem)
    }
}

/// The real disk.
public struct DiskFileSystem: FileSystem {
    public init() {}

    /// Reads straight into the array: going through `Data` held the file twice at its peak,
    /// half a gigabyte more for a data file of that size.
    public func read(_ path: String) throws -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var status = stat()
        _ = fstat(descriptor, &status)
        // The size is a hint: a file that grows while read is read to its end.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let count = try Self.read(descriptor, into: &bytes, at: filled, path: path)
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    public func read(_ path: String, inPiecesOf size: Int, _ body: ([UInt8]) throws -> Void) throws {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var sentAny = false
        while true {
            // Each piece is a new array read into without zeroing it first: a piece kept by
            // `body` would otherwise be copied whole when the next one is read into it.
            var failure: (any Error)?
            let piece = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                initialized = 0
                do {
                    while initialized < size {
                        let count = try Self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...]), path: path)
                        if count == 0 { break }
                        initialized += count
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if piece.isEmpty && sentAny { return }
            try body(piece)
            sentAny = true
            if piece.count < size { return }
        }
    }

    private func openForReading(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, message: errno == ENOENT ? "no such file" : "cannot read the file")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw FileSystemError(path: path, message: "cannot read the file")
        }
        return descriptor
    }

    /// One `read(2)` into `bytes` from `offset` to its end, retried when interrupted.
    private static func read(_ descriptor: Int32, into bytes: inout [UInt8], at offset: Int, path: String) throws -> Int {
        try bytes.withUnsafeMutableBytes { buffer in
            try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]), path: path)
        }
    }

    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileSystemError(path: path, message: "cannot read the file") }
        }
    }

    /// Plain open/write/close. Foundation's `Data.write` syncs every file to the disk, which
    /// made writing 100,000 pages ten times slower; the build's durability comes from the
    /// staging folder and the final rename instead.
    ///
    /// A file already at `path` is replaced by a new one, never written into: it may be a hard
    /// link to a file of the previous output, which must not change.
    public func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { append in try append(bytes) }
    }

    public func write(to path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == EEXIST {
            unlink(path)
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, message: "cannot write the file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        try produce { bytes in try Self.writeAll(bytes, to: descriptor, path: path) }
    }

    public func contents(ofDirectory path: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } catch {
            throw FileSystemError(path: path, message: "cannot list the directory")
        }
    }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(path: path, message: "cannot create the directory")
        }
    }

    public func remove(_ path: String) throws {
        guard exists(path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw FileSystemError(path: path, message: "cannot remove (\(error.localizedDescription))")
        }
    }

    public func exchange(_ first: String, _ second: String) throws -> Bool {
        if almanac_exchange(first, second) == 0 { return true }
        switch errno {
        case EINVAL, ENOSYS, ENOTSUP: return false
        default:
            throw FileSystemError(path: first, message: "cannot exchange with \(second) (\(String(cString: strerror(errno))))")
        }
    }

    public func link(_ source: String, to destination: String) throws {
        if Glibc.link(source, destination) == 0 { return }
        switch errno {
        case EXDEV, EPERM, EMLINK, ENOTSUP:
            try write(try read(source), to: destination)
        default:
            throw FileSystemError(path: source, message: "cannot link to \(destination) (\(String(cString: strerror(errno))))")
        }
    }

    public func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : Path.join(FileManager.default.currentDirectoryPath, path)
        if let real = realpath(absolute, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        // Not there (yet): resolve the folder it would be in, then name it.
        let parent = Path.directory(of: absolute)
        let name = Path.fileName(of: absolute)
        guard !parent.isEmpty, parent != absolute else { return absolute }
        let base = resolved(parent)
        switch name {
        case "", ".": return base
        case "..": return Path.directory(of: base).isEmpty ? "/" : Path.directory(of: base)
        default: return Path.join(base, name)
        }
    }

    public func move(_ source: String, to destination: String) throws {
        // rename(2): atomic on one file system, which is why the staging tree sits beside Output/.
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: source, message: "cannot rename to \(destination) (\(String(cString: strerror(errno))))")
        }
    }
}

/// An in-memory twin of the disk for tests: files and directories keyed by path.
public final class MemoryFileSystem: FileSystem {
    private struct State {
        var files: [String: [UInt8]] = [:]
        var directories: Set<String> = [""]
        var failingWrites: Set<String> = []

        mutating func addParents(_ path: String) {
            var directory = Path.directory(of: path)
            while !directory.isEmpty && !directories.contains(directory) {
                directories.insert(directory)
                directory = Path.directory(of: directory)
            }
        }
    }

    private let state = Locked(State())

    public init(_ files: [String: String] = [:]) {
        for (path, text) in files {
            let path = Self.normalize(path)
            state.withLock {
                $0.files[path] = Array(text.utf8)
                $0.addParents(path)
            }
        }
    }

    /// Makes writes to `path` fail, to test that a failed build leaves Output/ alone.
    public func failWrites(to path: String) {
        state.withLock { _ = $0.failingWrites.insert(Self.normalize(path)) }
    }

    public var allFiles: [String: [UInt8]] {
        state.withLock { $0.files }
    }

    private static func normalize(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.hasSuffix("/") && path.count > 1 { path.removeLast() }
        if path.contains("..") || path.contains("/./") { path = fold(path) }
        return path == "." ? "" : path
    }

    /// `.` and `..` folded away, as the disk resolves them where no link is involved.
    private static func fold(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    public func read(_ path: String) throws -> [UInt8] {
        let path = Self.normalize(path)
        return try state.withLock {
            guard let bytes = $0.files[path] else { throw FileSystemError(path: path, message: "no such file") }
            return bytes
        }
    }

    public func write(_ bytes: [UInt8], to path: String) throws {
        let path = Self.normalize(path)
        try state.withLock {
            if $0.failingWrites.contains(path) { throw FileSystemError(path: path, message: "simulated write failure") }
            guard $0.directories.contains(Path.directory(of: path)) else {
                throw FileSystemError(path: path, message: "no such directory")
            }
            $0.files[path] = bytes
        }
    }

    public func contents(ofDirectory path: String) throws -> [String] {
        let path = Self.normalize(path)
        return try state.withLock {
            guard $0.directories.contains(path) else { throw FileSystemError(path: path, message: "no such directory") }
            let prefix = path.isEmpty ? "" : path + "/"
            var names = Set<String>()
            for key in $0.files.keys where key.hasPrefix(prefix) {
                names.insert(String(key.dropFirst(prefix.count).split(separator: "/")[0]))
            }
            for key in $0.directories where key.hasPrefix(prefix) && key != path {
                names.insert(String(key.dropFirst(prefix.count).split(separator: "/")[0]))
            }
            return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }

    public func isDirectory(_ path: String) -> Bool {
        let path = Self.normalize(path)
        return state.withLock { $0.directories.contains(path) }
    }

    public func exists(_ path: String) -> Bool {
        let path = Self.normalize(path)
        return state.withLock { $0.directories.contains(path) || $0.files[path] != nil }
    }

    public func createDirectory(_ path: String) throws {
        let path = Self.normalize(path)
        state.withLock {
            $0.directories.insert(path)
            $0.addParents(path)
        }
    }

    public func remove(_ path: String) throws {
        let path = Self.normalize(path)
        state.withLock {
            $0.files[path] = nil
            $0.directories.remove(path)
            let prefix = path + "/"
            $0.files = $0.files.filter { !$0.key.hasPrefix(prefix) }
            $0.directories = $0.directories.filter { !$0.hasPrefix(prefix) }
        }
    }

    public func exchange(_ first: String, _ second: String) throws -> Bool {
        let first = Self.normalize(first), second = Self.normalize(second)
        try state.withLock { state in
            for path in [first, second] where !state.directories.contains(path) && state.files[path] == nil {
                throw FileSystemError(path: path, message: "no such file")
            }
            let rename = { (path: String) -> String in
                for (from, to) in [(first, second), (second, first)] {
                    if path == from { return to }
                    if path.hasPrefix(from + "/") { return to + path.dropFirst(from.count) }
                }
                return path
            }
            state.files = Dictionary(uniqueKeysWithValues: state.files.map { (rename($0.key), $0.value) })
            state.directories = Set(state.directories.map(rename))
        }
        return true
    }

    public func link(_ source: String, to destination: String) throws {
        try write(try read(source), to: destination)
    }

    /// Lexical: the in-memory twin has no links, so resolving is folding `.` and `..`.
    public func resolved(_ path: String) -> String {
        Self.fold(path)
    }

    public func move(_ source: String, to destination: String) throws {
        let source = Self.normalize(source), destination = Self.normalize(destination)
        try state.withLock { state in
            guard state.directories.contains(source) || state.files[source] != nil else {
                throw FileSystemError(path: source, message: "no such file")
            }
            // As rename(2): a file replaces a file; nothing replaces a folder.
            guard !state.directories.contains(destination) && (state.files[destination] == nil || state.files[source] != nil) else {
                throw FileSystemError(path: destination, message: "destination exists")
            }
            if let bytes = state.files.removeValue(forKey: source) { state.files[destination] = bytes }
            if state.directories.remove(source) != nil { state.directories.insert(destination) }
            let prefix = source + "/"
            for (key, bytes) in state.files where key.hasPrefix(prefix) {
                state.files[key] = nil
                state.files[destination + "/" + key.dropFirst(prefix.count)] = bytes
            }
            for key in state.directories where key.hasPrefix(prefix) {
                state.directories.remove(key)
                state.directories.insert(destination + "/" + key.dropFirst(prefix.count))
            }
            state.addParents(destination)
        }
    }
}
