#if canImport(Glibc)
import Glibc
#endif

/// A file without a name that holds record values a large build does not keep in memory.
///
/// It is made with `O_TMPFILE` in a folder the build writes to anyway (beside its output), so
/// it never appears in a listing and the system frees it when the build ends, however it ends
/// — `kill -9` included. Its pages sit in the system's file cache, which gives them up under
/// pressure, rather than in the build's own memory. Reads and appends may come from every core.
public final class SpillFile: Sendable {
    private let descriptor: Int32
    private let size = Locked(0)
    public let folder: String

    /// A spill file in `folder`; fails where the system or the file system cannot make one.
    public init(in folder: String) throws {
        // `O_TMPFILE` is a macro the C importer does not carry over: Linux's value.
        let temporaryFile: Int32 = 0o20000000 | O_DIRECTORY
        let descriptor = open(folder, temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileSystemError(path: folder, message: "cannot make a temporary file here (\(String(cString: strerror(errno))))")
        }
        self.descriptor = descriptor
        self.folder = folder
    }

    deinit { close(descriptor) }

    /// Writes `bytes` at the end and returns where they begin.
    public func append(_ bytes: [UInt8]) throws -> Int {
        let start = size.withLock { size in
            defer { size += bytes.count }
            return size
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, bytes.count - written, off_t(start + written))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw FileSystemError(path: folder, message: "cannot write a temporary file here (\(String(cString: strerror(errno))))")
            }
            written += count
        }
        return start
    }

    /// The bytes of `range`, as appended. A read that fails — the disk gone from under the
    /// build — cannot be recovered from here, and stops the build rather than invent data.
    func read(_ range: Range<Int>) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var filled = 0
        while filled < range.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, range.count - filled, off_t(range.lowerBound + filled))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { fatalError("cannot read back the build's temporary file in \(folder): \(String(cString: strerror(errno)))") }
            filled += count
        }
        return bytes
    }
}
