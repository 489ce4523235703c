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

/// Where files go as they are made: a build's staging folder, or nowhere (`almanac check`).
/// A file too large to hold whole is handed over in pieces.
public protocol ArtifactSink {
    func write(_ artifact: Artifact) throws
    func write(_ path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws
}

/// Makes every file and keeps none: what `almanac check` renders into.
public struct DiscardingSink: ArtifactSink {
    public init() {}
    public func write(_ artifact: Artifact) throws {}
    public func write(_ path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
        try produce { _ in }
    }
}

/// The rule for names inside the output: relative, no `.` or `..` parts, no empty parts, no
/// control characters or backslashes.
public enum OutputPath {
    public static func validate(_ path: String) throws(FileSystemError) {
        guard isSafe(path) else { throw FileSystemError(path: path, message: "unsafe output path") }
    }

    /// One pass over the bytes: every part between slashes non-empty and neither `.` nor `..`;
    /// no control character (all below 0x20, and 0x7F) and no backslash anywhere.
    static func isSafe(_ path: String) -> Bool {
        var partLength = 0
        var dots = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard partLength > 0, dots != partLength || dots > 2 else { return false }
                partLength = 0
                dots = 0
                continue
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "\\"), 0x7F, ..<0x20: return false
            default: break
            }
            partLength += 1
        }
        return partLength > 0 && (dots != partLength || dots > 2)
    }
}
