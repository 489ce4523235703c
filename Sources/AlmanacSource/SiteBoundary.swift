import AlmanacCore

/// Where a build may read and where it may write. A site built in CI from contributors' pull
/// requests must not be able to publish the runner's files, and an `--output` that overlaps the
/// sources would be swapped away with them; so every path is compared after resolving links.
public struct SiteBoundary: Sendable {
    public let fileSystem: any FileSystem
    /// The content folder, then the folders `allow_outside` opens, all resolved.
    public let readableFolders: [String]

    public init(fileSystem: any FileSystem, contentPath: String, allowOutside: [String]) {
        self.fileSystem = fileSystem
        self.readableFolders = ([contentPath] + allowOutside.map { folder in
            folder.hasPrefix("/") ? folder : Path.join(contentPath, folder)
        }).map { fileSystem.resolved($0) }
    }

    /// Whether a file the content names (a data file, a static file) lies inside the site once
    /// its links are followed.
    public func isReadable(_ path: String) -> Bool {
        let target = fileSystem.resolved(path)
        return readableFolders.contains { Self.isWithin(target, $0) }
    }

    /// Whether `path` is `folder` or lies below it (both resolved).
    public static func isWithin(_ path: String, _ folder: String) -> Bool {
        // An empty folder is the in-memory twin's root, which holds every relative path.
        folder == "/" || (folder.isEmpty && !path.hasPrefix("/")) || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    public static let outsideHint = "a build reads only files inside the content folder; list another folder under `allow_outside` in almanac.yaml to read from it"

    /// The output must neither be, hold, nor lie inside a folder the build reads: the swap at
    /// the end of a build replaces the whole output tree.
    public func outputProblem(output: String, sources: [(role: String, path: String)]) -> Diagnostic? {
        let resolvedOutput = fileSystem.resolved(output)
        for source in sources where fileSystem.isDirectory(source.path) {
            let folder = fileSystem.resolved(source.path)
            let relation: String
            if resolvedOutput == folder {
                relation = "is the \(source.role)"
            } else if Self.isWithin(folder, resolvedOutput) {
                relation = "contains the \(source.role) (\(source.path))"
            } else if Self.isWithin(resolvedOutput, folder) {
                relation = "lies inside the \(source.role) (\(source.path))"
            } else {
                continue
            }
            return .error(
                at: nil, "the output folder \(output) \(relation)",
                hint: "a build replaces its output folder whole; choose a folder of its own, such as Output")
        }
        return nil
    }
}
