import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// `serve`'s builds share a session: a rebuild takes the last build's cache from memory
/// rather than decoding it from the disk, and only while it still describes the output.
@Suite struct BuildSessionTests {
    static func build(_ fileSystem: MemoryFileSystem, session: BuildSession?) throws -> BuildReport {
        var options = BuildOptions()
        options.session = session
        return try SiteBuilder(options: options, fileSystem: fileSystem).build()
    }

    @Test func aRebuildInASessionKeepsFilesWithoutReadingTheCacheBack() throws {
        let fileSystem = InlineSite.fileSystem(SiteBuilderTests.site)
        let session = BuildSession()
        let first = try Self.build(fileSystem, session: session)
        let before = fileSystem.tree("Output")
        // A cache file that cannot be read: only the session knows what the output holds.
        try fileSystem.write(Array("{".utf8), to: ".almanac/build-cache.json")
        let second = try Self.build(fileSystem, session: session)
        #expect(second.reusedPages == 2 && second.fileCount < first.fileCount)
        #expect(fileSystem.tree("Output") == before)
        // Without the session the same rebuild starts from nothing.
        try fileSystem.write(Array("{".utf8), to: ".almanac/build-cache.json")
        #expect(try Self.build(fileSystem, session: nil).reusedPages == 0)
    }

    /// Another build changed the output behind the session's back: its cache names another
    /// tree, so the next session build does not trust it, and comes out as a fresh build would.
    @Test func aSessionCacheIsNotTrustedOnceTheOutputChangedHands() throws {
        let fileSystem = InlineSite.fileSystem(SiteBuilderTests.site)
        let session = BuildSession()
        _ = try Self.build(fileSystem, session: session)
        let states = "Content/states.csv"
        try fileSystem.write(Array((try fileSystem.readText(states) + "Utah,Salt Lake City,West\n").utf8), to: states)
        _ = try Self.build(fileSystem, session: nil)
        try fileSystem.remove(".almanac/build-cache.json")
        try fileSystem.write(Array((try fileSystem.readText(states) + "Iowa,Des Moines,Midwest\n").utf8), to: states)
        let inSession = try Self.build(fileSystem, session: session)
        #expect(inSession.reusedFiles == 0)
        let fresh = InlineSite.fileSystem(SiteBuilderTests.site)
        try fresh.write(Array(try fileSystem.readText(states).utf8), to: states)
        _ = try Self.build(fresh, session: nil)
        #expect(fileSystem.tree("Output").filter { !$0.key.hasPrefix(".almanac") } == fresh.tree("Output").filter { !$0.key.hasPrefix(".almanac") })
    }

    /// What a build from nothing makes of the session's site as it is now.
    static func freshTree(of fileSystem: MemoryFileSystem) throws -> [String: [UInt8]] {
        let fresh = MemoryFileSystem(Dictionary(uniqueKeysWithValues: fileSystem.tree("Content").map {
            ("Content/" + $0.key, String(decoding: $0.value, as: UTF8.self))
        }))
        _ = try Self.build(fresh, session: nil)
        return fresh.tree("Output").filter { !$0.key.hasPrefix(".almanac") }
    }

    static func edit(_ fileSystem: MemoryFileSystem, _ path: String, _ old: String, _ new: String) throws {
        let text = try fileSystem.readText(path)
        #expect(text.contains(old))
        try fileSystem.write(Array(text.replacingOccurrences(of: old, with: new).utf8), to: path)
    }

    /// An edit of a page's front matter or prose does not parse its data file again: the
    /// session holds it, parsed from the same bytes. Whatever changes what the reader makes of
    /// the file — its bytes, `columns` — parses it anew.
    @Test func aPageEditInASessionTakesItsParsedDataFromMemory() throws {
        let fileSystem = InlineSite.fileSystem(SiteBuilderTests.site)
        let session = BuildSession()
        #expect(try Self.build(fileSystem, session: session).pagesWithDataFromMemory == 0)
        let edits: [(path: String, old: String, new: String, fromMemory: Int)] = [
            ("Content/states.md", "title: States", "title: The States", 1),
            ("Content/states.md", "The states.", "# States\n\nAll of them.", 1),
            ("Content/states.md", "fields: [capital]", "fields: [capital, region]", 1),
            ("Content/friends.md", "columns: [email]", "columns: [mail]", 0),
            ("Content/states.csv", "Oregon,Salem", "Oregon,Portland", 0),
            ("Content/friends.md", "key: name", "key: name\ntitle: Friends", 1),
        ]
        for edit in edits {
            try Self.edit(fileSystem, edit.path, edit.old, edit.new)
            let report = try Self.build(fileSystem, session: session)
            #expect(report.pagesWithDataFromMemory == edit.fromMemory, "\(edit.path): \(edit.new)")
            #expect(fileSystem.tree("Output").filter { !$0.key.hasPrefix(".almanac") } == (try Self.freshTree(of: fileSystem)), "\(edit.new)")
        }
    }

    /// A page loaded again with nothing of it changed (a file of it was deleted from the
    /// output) takes its whole model from the session.
    @Test func aPageWhoseBytesAreUnchangedTakesItsModelFromMemory() throws {
        let fileSystem = InlineSite.fileSystem(SiteBuilderTests.site)
        let session = BuildSession()
        _ = try Self.build(fileSystem, session: session)
        let before = fileSystem.tree("Output")
        try fileSystem.remove("Output/states.json")
        let report = try Self.build(fileSystem, session: session)
        #expect(report.pagesWithDataFromMemory == 1 && report.fileCount > 0)
        #expect(fileSystem.tree("Output") == before)
    }
}
