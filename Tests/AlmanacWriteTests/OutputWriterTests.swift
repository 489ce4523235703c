import AlmanacCore
import AlmanacTestSupport
import AlmanacWrite
import Foundation
import Testing

@Suite struct OutputWriterTests {
    @Test func commitReplacesTheOutputWhole() throws {
        let fileSystem = MemoryFileSystem(["Output/old.md": "old", "Output/keep/also.md": "old"])
        let staging = try OutputWriter(fileSystem: fileSystem, outputPath: "Output").begin()
        try staging.write(Artifact(path: "new.md", text: "new"))
        try staging.write(Artifact(path: "deep/er/file.json", text: "{}"))
        try staging.commit()
        #expect(fileSystem.tree("Output").keys.sorted() == ["deep/er/file.json", "new.md"])
        #expect(!fileSystem.exists(".Output.new") && !fileSystem.exists(".Output.old"))
    }

    @Test func failedWriteLeavesThePreviousOutputAlone() throws {
        let fileSystem = MemoryFileSystem(["Output/old.md": "old"])
        fileSystem.failWrites(to: ".Output.new/b.md")
        let staging = try OutputWriter(fileSystem: fileSystem, outputPath: "Output").begin()
        try staging.write(Artifact(path: "a.md", text: "a"))
        #expect(throws: FileSystemError.self) { try staging.write(Artifact(path: "b.md", text: "b")) }
        staging.abandon()
        #expect(fileSystem.tree("Output") == ["old.md": Array("old".utf8)])
        #expect(!fileSystem.exists(".Output.new"))
    }

    @Test(arguments: ["../escape.md", "/etc/passwd", "a/../../b", "", "a//b", "./x", "a\u{0}b", "a\\b", "dir/", "..", "a/.", "a/..", "x\u{7F}", "a\nb"])
    func unsafePathsAreRefused(path: String) throws {
        let fileSystem = MemoryFileSystem()
        let staging = try OutputWriter(fileSystem: fileSystem, outputPath: "Output").begin()
        #expect(throws: FileSystemError.self) { try staging.write(Artifact(path: path, text: "x")) }
    }

    @Test(arguments: ["a.html", "states/new-york.html", "...", "a/.../b", ".hidden/x.md", "a./b..", "ünïcode/é\u{301}.html"])
    func ordinaryPathsAreWritten(path: String) throws {
        let fileSystem = MemoryFileSystem()
        let staging = try OutputWriter(fileSystem: fileSystem, outputPath: "Output").begin()
        try staging.write(Artifact(path: path, text: "x"))
        try staging.commit()
        #expect(try fileSystem.read("Output/" + path) == Array("x".utf8))
    }

    @Test func swapOnDiskIsAtomicAndLeavesNoStaging() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-writer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let disk = DiskFileSystem()
        try disk.createDirectory(root + "/Output")
        try disk.write(Array("old".utf8), to: root + "/Output/old.md")
        let staging = try OutputWriter(fileSystem: disk, outputPath: root + "/Output").begin()
        try staging.write(Artifact(path: "new.md", text: "new"))
        try staging.commit()
        #expect(try disk.contents(ofDirectory: root) == ["Output"])
        #expect(try disk.contents(ofDirectory: root + "/Output") == ["new.md"])
    }

    /// A file made piece by piece reaches the disk whole, and one whose making fails takes the
    /// build down with the previous output untouched.
    @Test func aFileWrittenInPiecesIsWhole() throws {
        let folder = try TemporaryFolder("almanac-writer")
        let disk = DiskFileSystem()
        try disk.createDirectory(folder.root + "/Output")
        try disk.write(Array("old".utf8), to: folder.root + "/Output/big.json")
        let staging = try OutputWriter(fileSystem: disk, outputPath: folder.root + "/Output").begin()
        try staging.write("big.json") { append in
            for piece in 0..<3 { try append(Array("piece \(piece);".utf8)) }
        }
        struct Broken: Error {}
        #expect(throws: Broken.self) {
            try staging.write("half.json") { append in
                try append(Array("half".utf8))
                throw Broken()
            }
        }
        staging.abandon()
        #expect(try disk.read(folder.root + "/Output/big.json") == Array("old".utf8))
        let second = try OutputWriter(fileSystem: disk, outputPath: folder.root + "/Output").begin()
        try second.write("big.json") { append in
            for piece in 0..<3 { try append(Array("piece \(piece);".utf8)) }
        }
        try second.commit()
        #expect(try disk.read(folder.root + "/Output/big.json") == Array("piece 0;piece 1;piece 2;".utf8))
    }

    /// Reusing a file gives it a second name in staging: the previous output keeps its own,
    /// unchanged, until the one-step exchange puts the new tree in its place.
    @Test func reusedFilesAreLinkedAndTheSwapIsOneExchange() throws {
        let folder = try TemporaryFolder("almanac-writer")
        let disk = DiskFileSystem()
        let output = folder.path("Output")
        try folder.write("kept", to: "Output/pages/kept.html")
        try folder.write("old", to: "Output/old.html")
        let staging = try OutputWriter(fileSystem: disk, outputPath: output).begin()
        #expect(try staging.reuse("pages/kept.html"))
        #expect(try !staging.reuse("pages/missing.html"))
        try staging.write(Artifact(path: "new.html", text: "new"))
        let inode = { (path: String) throws -> UInt64 in
            (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        }
        #expect(try inode(folder.path(".Output.new/pages/kept.html")) == inode(folder.path("Output/pages/kept.html")))
        #expect(try disk.contents(ofDirectory: output) == ["old.html", "pages"], "the previous output is untouched")
        #expect(try staging.commit() == .exchanged)
        #expect(try disk.contents(ofDirectory: output) == ["new.html", "pages"])
        #expect(try disk.readText(folder.path("Output/pages/kept.html")) == "kept")
        #expect(try disk.contents(ofDirectory: folder.root) == ["Output"], "the previous tree is deleted")
    }

    /// A file written over one reused from the previous output replaces the link; it never
    /// writes through it into the previous output's file.
    @Test func writingOverAReusedFileLeavesThePreviousOutputAlone() throws {
        let folder = try TemporaryFolder("almanac-writer")
        let disk = DiskFileSystem()
        try folder.write("previous", to: "Output/page.html")
        let staging = try OutputWriter(fileSystem: disk, outputPath: folder.path("Output")).begin()
        #expect(try staging.reuse("page.html"))
        try staging.write(Artifact(path: "page.html", text: "new"))
        #expect(try disk.readText(folder.path("Output/page.html")) == "previous")
        #expect(try disk.readText(folder.path(".Output.new/page.html")) == "new")
    }

    /// Where a fallback swap was cut between its two renames, the next build puts the parked
    /// output back before anything else.
    @Test func beginRestoresAnOutputParkedByACutFallbackSwap() throws {
        let fileSystem = MemoryFileSystem([".Output.old/page.html": "previous", ".Output.new/half.html": "partial"])
        _ = try OutputWriter(fileSystem: fileSystem, outputPath: "Output").begin()
        #expect(fileSystem.text("Output/page.html") == "previous")
        #expect(!fileSystem.exists(".Output.old"))
        #expect(fileSystem.tree(".Output.new").isEmpty)
    }

    @Test func inPlaceWritesKeepOtherFiles() throws {
        let fileSystem = MemoryFileSystem(["reports/other.txt": "keep"])
        try OutputWriter(fileSystem: fileSystem, outputPath: "reports").writeInPlace([Artifact(path: "r.md", text: "new")])
        #expect(fileSystem.text("reports/other.txt") == "keep")
        #expect(fileSystem.text("reports/r.md") == "new")
        #expect(fileSystem.tree("reports").count == 2)
    }
}
