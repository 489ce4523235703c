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

    @Test func inPlaceWritesKeepOtherFiles() throws {
        let fileSystem = MemoryFileSystem(["reports/other.txt": "keep"])
        try OutputWriter(fileSystem: fileSystem, outputPath: "reports").writeInPlace([Artifact(path: "r.md", text: "new")])
        #expect(fileSystem.text("reports/other.txt") == "keep")
        #expect(fileSystem.text("reports/r.md") == "new")
        #expect(fileSystem.tree("reports").count == 2)
    }
}
