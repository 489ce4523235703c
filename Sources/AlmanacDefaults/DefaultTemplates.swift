import Foundation

/// The templates and assets that ship inside the binary (from `Templates/` at build time), so
/// `almanac` works from any directory with nothing beside it.
public enum DefaultTemplates {
    /// Every embedded file by its path under `Templates/`, e.g. `page.md.mustache`.
    public static let files: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for entry in embedded {
            files[entry.name] = Data(base64Encoded: entry.base64).map { [UInt8]($0) } ?? []
        }
        return files
    }()
}
