import AlmanacCore

/// The only code that writes the output folder, and it does so atomically: files go into a
/// staging folder beside the output, which takes the output's place in one step at the end.
/// The previous output is never changed before that step — files kept from it are linked,
/// not moved — so a build that fails or is killed at any moment leaves it byte for byte as it
/// was.
public struct OutputWriter: Sendable {
    public let fileSystem: any FileSystem
    public let outputPath: String

    public init(fileSystem: any FileSystem, outputPath: String) {
        self.fileSystem = fileSystem
        self.outputPath = outputPath.count > 1 && outputPath.hasSuffix("/") ? String(outputPath.dropLast()) : outputPath
    }

    /// The staging folder: a hidden sibling of the output, on the same file system, so the final
    /// swap is atomic and kept files can be linked.
    public var stagingPath: String { sibling("new") }
    /// Where the fallback swap parks the previous output for a moment.
    var retiredPath: String { sibling("old") }

    private func sibling(_ suffix: String) -> String {
        let parent = Path.directory(of: outputPath)
        let name = "." + Path.fileName(of: outputPath) + "." + suffix
        return parent.isEmpty ? name : Path.join(parent, name)
    }

    /// Starts a fresh staging folder, clearing what a killed build may have left: a staging
    /// folder (which after an exchange holds the old tree), and — when a fallback swap was cut
    /// between its two renames — the parked previous output, which goes back in place.
    public func begin() throws -> Staging {
        if !fileSystem.exists(outputPath) && fileSystem.exists(retiredPath) {
            try fileSystem.move(retiredPath, to: outputPath)
        }
        try fileSystem.remove(retiredPath)
        try fileSystem.remove(stagingPath)
        try fileSystem.createDirectory(stagingPath)
        return Staging(writer: self, directories: KnownDirectories([stagingPath]))
    }

    /// Folders already made in the staging tree, so writing 100,000 files costs no extra stat
    /// calls; shared by the threads that write in parallel.
    final class KnownDirectories: Sendable {
        private let paths: Locked<Set<String>>

        init(_ paths: Set<String>) {
            self.paths = Locked(paths)
        }

        func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
        func insert(_ path: String) { paths.withLock { _ = $0.insert(path) } }

        /// Makes `path` (and its parents) unless it is known to be there.
        func make(_ path: String, fileSystem: any FileSystem) throws {
            guard !contains(path) else { return }
            if !fileSystem.isDirectory(path) { try fileSystem.createDirectory(path) }
            insert(path)
        }
    }

    /// How the swap went: in one atomic exchange, or — where the file system cannot exchange —
    /// in two renames, between which a kill leaves no output until the next build restores it.
    public enum Swap: Sendable, Equatable {
        case exchanged
        case renamed
        case created
    }

    /// Files written so far into a staging folder, not yet visible as the output.
    public struct Staging: OutputTarget {
        let writer: OutputWriter
        let directories: KnownDirectories

        /// Links a file unchanged since the last build from the previous output into staging.
        /// Returns false when the previous output does not have it.
        public func reuse(_ path: String) throws -> Bool {
            try OutputPath.validate(path)
            let source = Path.join(writer.outputPath, path)
            let target = Path.join(writer.stagingPath, path)
            try makeFolder(of: target)
            // One system call a file: whether the source is there is asked only when the link
            // fails (a rebuild of 100,000 pages links 100,000 files).
            do {
                try writer.fileSystem.link(source, to: target)
            } catch {
                if !writer.fileSystem.exists(source) { return false }
                throw error
            }
            return true
        }

        /// Writes one artifact; its path is checked again here, so no data-derived name can
        /// ever land outside the output.
        public func write(_ artifact: Artifact) throws {
            try OutputPath.validate(artifact.path)
            let target = Path.join(writer.stagingPath, artifact.path)
            try makeFolder(of: target)
            try writer.fileSystem.write(artifact.bytes, to: target)
        }

        /// Writes a file made piece by piece (see `FileSystem.write(to:_:)`).
        public func write(_ path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
            try OutputPath.validate(path)
            let target = Path.join(writer.stagingPath, path)
            try makeFolder(of: target)
            try writer.fileSystem.write(to: target, produce)
        }

        private func makeFolder(of target: String) throws {
            try directories.make(Path.directory(of: target), fileSystem: writer.fileSystem)
        }

        /// Puts the staging folder in the output's place, then deletes the previous tree — or,
        /// with `keepingPrevious`, leaves it at the staging name for `removeLeftovers` (or the
        /// next build) to delete: `serve` tells the browsers first.
        @discardableResult
        public func commit(keepingPrevious: Bool = false) throws -> Swap {
            let fileSystem = writer.fileSystem
            guard fileSystem.exists(writer.outputPath) else {
                try fileSystem.move(writer.stagingPath, to: writer.outputPath)
                return .created
            }
            if try fileSystem.exchange(writer.stagingPath, writer.outputPath) {
                // The staging name now holds the previous tree; a kill from here on leaves the
                // new output in place and a leftover that the next build clears.
                if !keepingPrevious { try? fileSystem.remove(writer.stagingPath) }
                return .exchanged
            }
            try fileSystem.move(writer.outputPath, to: writer.retiredPath)
            do {
                try fileSystem.move(writer.stagingPath, to: writer.outputPath)
            } catch {
                try? fileSystem.move(writer.retiredPath, to: writer.outputPath)
                throw error
            }
            try? fileSystem.remove(writer.retiredPath)
            return .renamed
        }

        /// Throws the staging folder away; the output was never touched.
        public func abandon() {
            try? writer.fileSystem.remove(writer.stagingPath)
        }
    }

    /// Deletes what a build left beside the output: the previous tree a commit kept.
    public func removeLeftovers() {
        if fileSystem.exists(outputPath) { try? fileSystem.remove(stagingPath) }
    }

    /// Writes single files into the output folder without replacing it (for `almanac render`),
    /// each through a temporary file and a rename, so a reader never sees half a file.
    public func writeInPlace(_ artifacts: [Artifact]) throws {
        let target = try InPlace(self)
        for artifact in artifacts { try target.write(artifact) }
    }
}
