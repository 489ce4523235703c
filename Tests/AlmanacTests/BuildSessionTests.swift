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
}
