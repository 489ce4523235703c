import AlmanacCore
import Foundation
import Testing

/// Reading a file from the disk, whole or a window at a time, gives its bytes exactly.
struct DiskFileSystemTests {
    func withFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-read-\(UUID().uuidString)").path
        try DiskFileSystem().write(bytes, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 100_000])
    func piecesJoinToTheWholeFile(size: Int) throws {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try withFile(bytes) { path in
            let disk = DiskFileSystem()
            #expect(try disk.read(path) == bytes)
            var pieces: [[UInt8]] = []
            try disk.read(path, inPiecesOf: 4096) { pieces.append($0) }
            #expect(Array(pieces.joined()) == bytes)
            #expect(pieces.dropLast().allSatisfy { $0.count == 4096 }, "every piece but the last is full")
            #expect(pieces.count == max(1, (size + 4095) / 4096))
        }
    }

    @Test func aMissingFileOrAFolderIsAnErrorThatSaysSo() throws {
        let disk = DiskFileSystem()
        let missing = "/nonexistent-\(UUID().uuidString)"
        #expect((try? disk.read(missing)) == nil)
        do {
            try disk.read(missing, inPiecesOf: 16) { _ in }
            Issue.record("reading a missing file fails")
        } catch let error as FileSystemError {
            #expect(error.message == "no such file")
        }
        #expect((try? disk.read(FileManager.default.temporaryDirectory.path)) == nil)
    }
}
