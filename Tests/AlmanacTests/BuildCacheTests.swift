import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// The cache may only ever save work: whatever happened between two builds, a build that uses
/// it writes exactly what a build from scratch writes.
@Suite struct BuildCacheTests {
    static let site = SiteBuilderTests.site.replacingOccurrences(of: "fields: [capital]", with: "fields: [capital]\ndetail: true")

    static func build(_ fileSystem: MemoryFileSystem, output: String = "Output", usesCache: Bool = true) throws -> BuildReport {
        var options = BuildOptions()
        options.outputPath = output
        options.usesCache = usesCache
        return try SiteBuilder(options: options, fileSystem: fileSystem).build()
    }

    /// The same site built once, from nothing.
    static func fresh(_ fileSystem: MemoryFileSystem) throws -> [String: [UInt8]] {
        let copy = MemoryFileSystem()
        for (path, bytes) in fileSystem.allFiles where path.hasPrefix("Content/") || path.hasPrefix("Templates/") {
            try copy.createDirectory(Path.directory(of: path))
            try copy.write(bytes, to: path)
        }
        _ = try build(copy)
        return copy.tree("Output")
    }

    static func edit(_ fileSystem: MemoryFileSystem, _ path: String, _ change: (String) -> String) throws {
        try fileSystem.write(Array(change(try fileSystem.readText(path)).utf8), to: path)
    }

    @Test func aNoCacheBuildThenARevertedEditServesTheRevertedData() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        let original = try fileSystem.readText("Content/states.csv")
        try Self.edit(fileSystem, "Content/states.csv") { $0.replacingOccurrences(of: "Austin", with: "Houston") }
        _ = try Self.build(fileSystem, usesCache: false)
        #expect(!fileSystem.exists(".almanac/build-cache.json"), "a build that saves no cache leaves none behind")
        try fileSystem.write(Array(original.utf8), to: "Content/states.csv")
        _ = try Self.build(fileSystem)
        #expect(fileSystem.text("Output/states/texas.html")?.contains("Austin") == true)
        #expect(fileSystem.tree("Output") == (try Self.fresh(fileSystem)))
    }

    @Test func aCacheDescribingAnotherTreeIsIgnored() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        // As after a build killed between the swap and saving its cache.
        try fileSystem.write(Array("another tree\n".utf8), to: "Output/.almanac-build")
        try Self.edit(fileSystem, "Content/states.csv") { $0.replacingOccurrences(of: "Salem", with: "Portland") }
        let report = try Self.build(fileSystem)
        #expect(report.reusedFiles == 0)
        #expect(fileSystem.tree("Output") == (try Self.fresh(fileSystem)))
    }

    @Test func theCacheLivesWithTheSiteAndNothingIsWrittenBesideTheOutput() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem, output: "public/site")
        #expect(fileSystem.exists(".almanac/build-cache.json"))
        #expect(try fileSystem.contents(ofDirectory: "public") == ["site"])
        let second = try Self.build(fileSystem, output: "public/site")
        #expect(second.reusedPages == 2)
        #expect(second.fileCount == 0, "nothing changed, so nothing is rendered")
    }

    /// The cache file is written by hand: names that need escaping in JSON come back as they
    /// were, or nothing would be reused.
    @Test func aCacheOfNamesThatNeedEscapingIsReadBackWhole() throws {
        let site = Self.site
            .replacingOccurrences(of: "title: States", with: #"title: "Quote \" back\\slash <tag> & Zürich""#)
            .replacingOccurrences(of: "Texas,Austin,South", with: #""Tex\as ""the"" <state>",Austin,South"#)
        let fileSystem = InlineSite.fileSystem(site)
        let first = try Self.build(fileSystem)
        let cache = try fileSystem.readText(".almanac/build-cache.json")
        #expect(cache.contains(#"Quote \" back\\slash"#))
        let second = try Self.build(fileSystem)
        #expect(second.reusedPages == 2)
        #expect(second.fileCount == 0)
        #expect(second.reusedFiles == first.fileCount)
    }

    @Test func editingOneRowRendersThatPageAndKeepsTheOther() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        try Self.edit(fileSystem, "Content/states.csv") { $0 + "Utah,Salt Lake City,West\n" }
        let report = try Self.build(fileSystem)
        #expect(report.reusedPages == 1, "friends is kept whole")
        #expect(fileSystem.exists("Output/states/utah.html"))
        #expect(fileSystem.tree("Output") == (try Self.fresh(fileSystem)))
    }

    /// The site's words are part of every page: moving a text from one plural form to another
    /// (the same texts, under other categories) is a change, not a build to reuse.
    @Test func movingASiteWordToAnotherPluralFormRebuildsThePagesThatSayIt() throws {
        let site = Self.site.replacingOccurrences(
            of: "title: Test Site", with: "title: Test Site\nlocale: ru\nstrings:\n  rows: {few: \"{count} X\", other: \"{count} Y\"}")
        let fileSystem = InlineSite.fileSystem(site)
        _ = try Self.build(fileSystem)
        #expect(try fileSystem.readText("Output/index.html").contains(">3 X</span>"))
        try Self.edit(fileSystem, "Content/almanac.yaml") { $0.replacingOccurrences(of: "few:", with: "many:") }
        _ = try Self.build(fileSystem)
        #expect(try fileSystem.readText("Output/index.html").contains(">3 Y</span>"))
        #expect(fileSystem.tree("Output") == (try Self.fresh(fileSystem)))
    }

    /// A build with nothing to change writes nothing: the output's folder and files are the
    /// ones the last build made (on the real disk, where a rewrite would show as a new inode);
    /// a file deleted from the output by hand is made again.
    @Test func aBuildWithNothingToChangeLeavesTheOutputAsItIs() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ndata: states.csv\ndetail: true\n---\n", to: "Content/states.md")
        try folder.write("name,capital\nOhio,Columbus\nUtah,Salt Lake City\n", to: "Content/states.csv")
        var options = BuildOptions()
        options.contentPath = folder.path("Content")
        options.outputPath = folder.path("Output")
        let first = try SiteBuilder(options: options).build()
        let inode = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: folder.path(path))[.systemFileNumber] as? Int) ?? nil }
        let before = (inode("Output"), inode("Output/states/ohio.html"))
        let again = try SiteBuilder(options: options).build()
        #expect(again.fileCount == 0 && again.reusedFiles == first.fileCount)
        #expect(inode("Output") == before.0 && inode("Output/states/ohio.html") == before.1, "the same tree, not a new one of links")
        try FileManager.default.removeItem(atPath: folder.path("Output/states/utah.html"))
        let repaired = try SiteBuilder(options: options).build()
        #expect(repaired.fileCount >= 1 && FileManager.default.fileExists(atPath: folder.path("Output/states/utah.html")))
    }

    /// A site template that shows the prose escaped keeps it escaped when a prose edit is
    /// spliced into the previous file.
    @Test func aProseEditKeepsTheTemplatesEscaping() throws {
        let template = "-- Templates/page.md.mustache --\n# {{title}}\n\n{{prose}}\n\n{{#sections}}{{> section}}\n{{/sections}}\n"
        let fileSystem = InlineSite.fileSystem(Self.site + "\n" + template)
        _ = try Self.build(fileSystem)
        try Self.edit(fileSystem, "Content/states.md") { $0.replacingOccurrences(of: "The states.", with: "The <b>states</b> & *more*.") }
        let report = try Self.build(fileSystem)
        #expect(report.proseOnlyPages == 1)
        let markdown = try #require(fileSystem.text("Output/states.md"))
        #expect(markdown.contains(#"The states \& \*more\*."#), "escaped as {{prose}} asks, raw HTML dropped: \(markdown)")
        #expect(fileSystem.tree("Output") == (try Self.fresh(fileSystem)))
        let html = try #require(fileSystem.text("Output/states.html"))
        #expect(html.contains("<p>The <!-- raw HTML omitted -->states<!-- raw HTML omitted --> &amp; <em>more</em>.</p>"))
    }

    @Test func aStaticFolderNamedLikeAPageIsNoClash() throws {
        let fileSystem = InlineSite.fileSystem(Self.site + "\n-- Content/static/states/readme.txt --\nabout\n")
        _ = try Self.build(fileSystem)
        #expect(fileSystem.text("Output/states/readme.txt")?.hasPrefix("about") == true)
        #expect(fileSystem.exists("Output/states/texas.html"))
    }

    @Test(arguments: ["states.html", "states/texas.html", "states"])
    func aStaticFileWhereThePageWritesIsAClash(path: String) throws {
        let fileSystem = InlineSite.fileSystem(Self.site + "\n-- Content/static/\(path) --\nmine\n")
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) })
        #expect(error.message.hasPrefix("two files would be written to "))
        #expect(error.location?.path == "Content/static/\(path)")
        #expect(!fileSystem.exists("Output"))
    }
}
