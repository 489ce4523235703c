import Foundation

/// A fresh folder under the system's temporary directory for tests that need the real disk
/// (links, renames, other processes); removed when the value goes away.
public final class TemporaryFolder {
    public let root: String

    public init(_ label: String = "almanac-test") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `relative` inside the folder.
    public func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// Writes a text file, making its folders.
    public func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
