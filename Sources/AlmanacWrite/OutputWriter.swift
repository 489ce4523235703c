import AlmanacCore
import Synchronization

/// The only code that writes the output folder, and it does so atomically: files go into a
/// staging folder beside the output, which replaces the output in two renames at the end. A
/// build that fails at any point before that leaves the previous output byte for byte as it was.
public struct OutputWriter: Sendable {
    public let fileSystem: any FileSystem
    public let outputPath: String

    public init(fileSystem: any FileSystem, outputPath: String) {
        self.fileSystem = fileSystem
        self.outputPath = outputPath.count > 1 && outputPath.hasSuffix("/") ? String(outputPath.dropLast()) : outputPath
    }

    /// The staging folder: a hidden sibling of the output, on the same file system, so the final
    /// rename is atomic.
    var stagingPath: String { sibling("new") }
    var retiredPath: String { sibling("old") }

    private func sibling(_ suffix: String) -> String {
        let parent = Path.directory(of: outputPath)
        let name = "." + Path.fileName(of: outputPath) + "." + suffix
        return parent.isEmpty ? name : Path.join(parent, name)
    }

    /// Starts a fresh staging folder, clearing one a crashed build may have left.
    public func begin() throws -> Staging {
        try fileSystem.remove(stagingPath)
        try fileSystem.createDirectory(stagingPath)
        return Staging(writer: self, directories: KnownDirectories([stagingPath]), adopted: Journal())
    }

    /// Files moved from the previous output into staging, to move back if the build fails.
    final class Journal: Sendable {
        private let moves = Mutex<[String]>([])

        func record(_ path: String) { moves.withLock { $0.append(path) } }
        func all() -> [String] { moves.withLock { $0 } }
    }

    /// Folders already made in the staging tree, so writing 100,000 files costs no extra stat
    /// calls; shared by the threads that write in parallel.
    final class KnownDirectories: Sendable {
        private let paths: Mutex<Set<String>>

        init(_ paths: Set<String>) {
            self.paths = Mutex(paths)
        }

        func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
        func insert(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    }

    /// Files written so far into a staging folder, not yet visible as the output.
    public struct Staging: Sendable {
        let writer: OutputWriter
        let directories: KnownDirectories
        let adopted: Journal

        /// Moves a file or folder unchanged since the last build from the previous output into
        /// staging — one rename, however many files a folder holds. Returns false when the
        /// previous output does not have it. A failed build moves it back.
        public func adopt(_ path: String) throws -> Bool {
            try OutputPath.validate(path)
            let source = Path.join(writer.outputPath, path)
            guard writer.fileSystem.exists(source) else { return false }
            let target = Path.join(writer.stagingPath, path)
            let directory = Path.directory(of: target)
            if !directories.contains(directory) {
                if !writer.fileSystem.isDirectory(directory) { try writer.fileSystem.createDirectory(directory) }
                directories.insert(directory)
            }
            try writer.fileSystem.move(source, to: target)
            adopted.record(path)
            return true
        }

        /// Writes one artifact; its path is checked again here, so no data-derived name can
        /// ever land outside the output.
        public func write(_ artifact: Artifact) throws {
            try OutputPath.validate(artifact.path)
            let target = Path.join(writer.stagingPath, artifact.path)
            let directory = Path.directory(of: target)
            if !directories.contains(directory) {
                if !writer.fileSystem.isDirectory(directory) { try writer.fileSystem.createDirectory(directory) }
                directories.insert(directory)
            }
            try writer.fileSystem.write(artifact.bytes, to: target)
        }

        /// Swaps the staging folder in as the output. If the second rename fails, the previous
        /// output is put back.
        public func commit() throws {
            let fileSystem = writer.fileSystem
            try fileSystem.remove(writer.retiredPath)
            let hadOutput = fileSystem.exists(writer.outputPath)
            if hadOutput { try fileSystem.move(writer.outputPath, to: writer.retiredPath) }
            do {
                try fileSystem.move(writer.stagingPath, to: writer.outputPath)
            } catch {
                if hadOutput { try? fileSystem.move(writer.retiredPath, to: writer.outputPath) }
                throw error
            }
            try? fileSystem.remove(writer.retiredPath)
        }

        /// Throws the staging folder away, after moving back what was adopted from the output,
        /// which is then as it was.
        public func abandon() {
            for path in adopted.all().reversed() {
                try? writer.fileSystem.move(Path.join(writer.stagingPath, path), to: Path.join(writer.outputPath, path))
            }
            try? writer.fileSystem.remove(writer.stagingPath)
        }
    }

    /// Writes single files into the output folder without replacing it (for `almanac render`),
    /// each through a temporary file and a rename, so a reader never sees half a file.
    public func writeInPlace(_ artifacts: [Artifact]) throws {
        if !fileSystem.isDirectory(outputPath) { try fileSystem.createDirectory(outputPath) }
        for artifact in artifacts {
            try OutputPath.validate(artifact.path)
            let target = Path.join(outputPath, artifact.path)
            let directory = Path.directory(of: target)
            if !fileSystem.isDirectory(directory) { try fileSystem.createDirectory(directory) }
            let temporary = Path.join(directory, "." + Path.fileName(of: target) + ".tmp")
            try fileSystem.write(artifact.bytes, to: temporary)
            try? fileSystem.remove(target)
            try fileSystem.move(temporary, to: target)
        }
    }
}

