import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension DiskFileSystem {
    /// A temporary file beside `path` (same folder, so the rename cannot cross file systems),
    /// written and fsynced, given the original's permissions, renamed over it, and the folder
    /// fsynced so the rename itself survives a power cut. On any failure the temporary file is
    /// removed and the original is untouched.
    ///
    /// Callers hold the file's lock (`withExclusiveLock`), and only a lock holder makes a
    /// temporary file: one found here was left by an edit that was killed, and is removed.
    public func replace(_ path: String, with bytes: [UInt8]) throws {
        let folder = Path.directory(of: path).isEmpty ? "." : Path.directory(of: path)
        let prefix = "." + Path.fileName(of: path) + Self.temporaryMarker
        for name in (try? contents(ofDirectory: folder)) ?? [] where name.hasPrefix(prefix) && name.count == prefix.count + 6 {
            unlink(Path.join(folder, name))
        }
        var information = stat()
        let mode = stat(path, &information) == 0 ? information.st_mode & 0o7777 : 0o644
        var template = Array(Path.join(folder, prefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Self.failure(path, "cannot create a temporary file beside it") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try Self.writeAll(bytes, to: descriptor, path: temporary)
            guard fchmod(descriptor, mode) == 0 else { throw Self.failure(temporary, "cannot set its permissions") }
            guard fsync(descriptor) == 0 else { throw Self.failure(temporary, "cannot sync it to the disk") }
        }
        guard rename(temporary, path) == 0 else { throw Self.failure(path, "cannot rename the new version over it") }
        renamed = true
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Whether a file's name is that of the temporary file `replace` writes (`.<name>.almanac-`
    /// and six characters): not yet a change to anything, until it is renamed over the file it
    /// replaces. `almanac serve` waits for the rename rather than rebuilding from the old file
    /// while the new one is still being synced to the disk.
    public static func isTemporaryEditFile(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.utf8.count > 1 + temporaryMarker.utf8.count + 6 else { return false }
        return name.dropLast(6).hasSuffix(temporaryMarker)
    }

    /// What stands between the edited file's name and mkstemp's six characters.
    static let temporaryMarker = ".almanac-"

    /// `flock` on the file itself. The file is replaced by each edit, so a process that waited
    /// holds a lock on the old file: it checks that the path still names the file it locked,
    /// and if not locks again.
    public func withExclusiveLock<T>(on path: String, _ body: () throws -> T) throws -> T {
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.failure(path, "cannot open it") }
            defer { close(descriptor) }
            var result: Int32
            repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
            guard result == 0 else { throw Self.failure(path, "cannot lock it") }
            var locked = stat(), current = stat()
            guard fstat(descriptor, &locked) == 0 else { throw Self.failure(path, "cannot read its status") }
            if stat(path, &current) == 0, current.st_ino == locked.st_ino, current.st_dev == locked.st_dev {
                return try body()
            }
        }
    }

    public func withLockFile<T>(_ path: String, whenBusy: () -> Void, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path, "cannot open the lock file") }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw Self.failure(path, "cannot lock it") }
            whenBusy()
            var result: Int32
            repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
            guard result == 0 else { throw Self.failure(path, "cannot lock it") }
        }
        return try body()
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot write it")
            }
            written += result
        }
    }

    static func failure(_ path: String, _ what: String) -> FileSystemError {
        FileSystemError(path: path, message: "\(what) (\(String(cString: strerror(errno))))")
    }
}

extension MemoryFileSystem {
    /// In memory a write is already whole; a path made to fail with `failWrites` fails here
    /// too, leaving the old bytes. As on the disk, a file not there yet is made.
    public func replace(_ path: String, with bytes: [UInt8]) throws {
        try write(bytes, to: path)
    }

    public func withExclusiveLock<T>(on path: String, _ body: () throws -> T) throws -> T {
        guard exists(path) else { throw FileSystemError(path: path, message: "no such file") }
        return try body()
    }

    /// One process: nothing else can hold the lock.
    public func withLockFile<T>(_ path: String, whenBusy: () -> Void, _ body: () throws -> T) throws -> T {
        try body()
    }
}
