/// A file the build produced, named relative to the output folder.
public struct Artifact: Sendable, Equatable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// The rule for names inside the output: relative, no `.` or `..` parts, no empty parts, no
/// control characters or backslashes.
public enum OutputPath {
    public static func validate(_ path: String) throws(FileSystemError) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let isSafe = !path.isEmpty && !path.hasPrefix("/")
            && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
            && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
        guard isSafe else { throw FileSystemError(path: path, message: "unsafe output path") }
    }
}
