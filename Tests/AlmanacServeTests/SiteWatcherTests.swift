import AlmanacCore
import Testing
@testable import AlmanacServe

/// What counts as a change to the site among the events inotify reports.
@Suite struct SiteWatcherTests {
    /// inotify's layout: watch, mask, cookie and name length as native 32-bit integers, then
    /// the name padded with NULs.
    static func event(_ name: String, padTo length: Int? = nil) -> [UInt8] {
        let bytes = Array(name.utf8)
        let padded = name.isEmpty ? 0 : (length ?? (bytes.count + 4) / 4 * 4 + 4)
        var fields: [UInt8] = []
        for value in [UInt32(1), UInt32(0x100), UInt32(0), UInt32(padded)] {
            withUnsafeBytes(of: value) { fields += $0 }
        }
        return fields + bytes + Array(repeating: 0, count: padded - bytes.count)
    }

    @Test func anEditsTemporaryFileIsNotAChangeUntilItIsRenamed() {
        let writing = Self.event(".planets.csv.almanac-Ab12Cd")
        #expect(!SiteWatcher.changesSomething(writing[...]))
        #expect(!SiteWatcher.changesSomething((writing + Self.event(".planets.csv.almanac-Zz9Yy8"))[...]))
        #expect(SiteWatcher.changesSomething((writing + Self.event("planets.csv"))[...]))
        #expect(SiteWatcher.changesSomething(Self.event("planets.csv", padTo: 32)[...]))
        // An event about the watched folder itself has no name.
        #expect(SiteWatcher.changesSomething(Self.event("")[...]))
    }

    @Test(arguments: [
        (".planets.csv.almanac-Ab12Cd", true), (".a.almanac-123456", true), ("planets.csv.almanac-Ab12Cd", false),
        (".planets.csv.almanac-Ab12C", false), (".almanac-Ab12Cd", false), (".planets.csv", false), ("notes.md", false),
    ])
    func temporaryEditFilesAreKnownByName(name: String, isTemporary: Bool) {
        #expect(DiskFileSystem.isTemporaryEditFile(name) == isTemporary)
    }
}
