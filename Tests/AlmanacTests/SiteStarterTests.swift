import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

@Suite struct SiteStarterTests {
    /// `almanac init` then `almanac build`: a site at once, its sections in their own order.
    @Test func aNewSiteBuildsAtOnce() throws {
        let fileSystem = MemoryFileSystem()
        let written = try SiteStarter(folder: "my-recipes", fileSystem: fileSystem).run()
        #expect(written.contains("Content/planets.csv") && written.contains(".gitignore"))
        #expect(fileSystem.text("my-recipes/Content/almanac.yaml")?.contains("title: My recipes") == true)
        var options = BuildOptions()
        options.contentPath = "my-recipes/Content"
        options.outputPath = "my-recipes/Output"
        let report = try SiteBuilder(options: options, fileSystem: fileSystem).build()
        #expect(report.warnings.isEmpty)
        let markdown = try #require(fileSystem.text("my-recipes/Output/planets.md"))
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("## ") } == ["## terrestrial", "## gas giant", "## ice giant"])
    }

    @Test func aFolderWithFilesIsLeftAloneUnlessForced() throws {
        let fileSystem = MemoryFileSystem(["site/notes.txt": "mine"])
        let error = diagnostic { _ = try SiteStarter(folder: "site", fileSystem: fileSystem).run() }
        #expect(error?.message == "site is not empty (notes.txt)")
        #expect(!fileSystem.exists("site/Content"))
        _ = try SiteStarter(folder: "site", isForced: true, fileSystem: fileSystem).run()
        #expect(fileSystem.text("site/notes.txt") == "mine" && fileSystem.exists("site/Content/index.md"))
    }
}
