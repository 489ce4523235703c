import AlmanacCore

/// Where an emitter puts the files it makes: a build's staging folder, which takes the output's
/// place at the end, or `render`'s output folder, written file by file.
public protocol OutputTarget: ArtifactSink, Sendable {
    /// Links a file unchanged since the last build from the previous output. Returns false
    /// when the previous output does not have it, or the target keeps no previous output.
    func reuse(_ path: String) throws -> Bool
}

extension OutputWriter {
    /// The output folder itself, for `almanac render`: it may hold other files (a CI job's
    /// workspace), so it is never replaced; each file goes through a temporary file beside it
    /// and a rename, so a reader never sees half a file. Shared by the threads that write in
    /// parallel: the folders each makes are noted once.
    public struct InPlace: OutputTarget {
        let writer: OutputWriter
        let directories: KnownDirectories

        public init(_ writer: OutputWriter) throws {
            if !writer.fileSystem.isDirectory(writer.outputPath) { try writer.fileSystem.createDirectory(writer.outputPath) }
            self.writer = writer
            self.directories = KnownDirectories([writer.outputPath])
        }

        /// Nothing of a previous output is kept: every file is written again.
        public func reuse(_ path: String) throws -> Bool { false }

        public func write(_ artifact: Artifact) throws {
            try replace(artifact.path) { temporary in try writer.fileSystem.write(artifact.bytes, to: temporary) }
        }

        public func write(_ path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
            try replace(path) { temporary in try writer.fileSystem.write(to: temporary, produce) }
        }

        private func replace(_ path: String, _ write: (String) throws -> Void) throws {
            try OutputPath.validate(path)
            let target = Path.join(writer.outputPath, path)
            let directory = Path.directory(of: target)
            try directories.make(directory, fileSystem: writer.fileSystem)
            let temporary = Path.join(directory, "." + Path.fileName(of: target) + ".tmp")
            try write(temporary)
            try writer.fileSystem.move(temporary, to: target)
        }
    }
}
