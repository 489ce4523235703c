import Foundation

/// Where the package and its neighbours are, independent of the directory tests run in.
public enum PackagePaths {
    /// The package root: this file sits at Tests/AlmanacTestSupport/PackagePaths.swift.
    public static let root: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// The official Mustache specification: `$MUSTACHE_SPEC_DIR`, else `../shared/mustache-spec`.
    public static var mustacheSpec: String {
        if let configured = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !configured.isEmpty {
            return configured
        }
        return URL(fileURLWithPath: root).deletingLastPathComponent().appendingPathComponent("shared/mustache-spec").path
    }

    /// True under CI, where a missing fixture is a failure rather than a skip.
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }
}
