import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// Every built-in template reads only names its view has: the example site and the browser
/// tests' sites — between them every view (home, listing, a split table's front and section
/// pages, rows, detail pages, a test report's summary) and the optional parts of each
/// (pictures, accessories, neighbours, counted footers) — build under `--strict`, which
/// renders templates strictly, and so does a single file with rows that open in place.
@Suite struct TemplateViewTests {
    static let sites = ["Content", "Tests/Browser/sites/split/Content", "Tests/Browser/sites/world/Content"]

    @Test(arguments: sites) func everyBuiltInTemplateRendersStrictly(content: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-strict-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        // No templates of the site's own: the built-in ones alone.
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        var options = BuildOptions()
        options.contentPath = PackagePaths.root + "/" + content
        options.templatesPath = root + "/Templates"
        options.outputPath = root + "/Output"
        options.isStrict = true
        let report = try SiteBuilder(options: options, fileSystem: DiskFileSystem()).build()
        #expect(report.fileCount > 10 && report.warnings.isEmpty)
    }

    @Test func aSingleFileWithRowsOpeningInPlaceRendersStrictly() throws {
        let fileSystem = MemoryFileSystem(["things.csv": "name,notes,picture,done\nA,\"two\nlines\",a.png,true\nB,*bold*,,false\n"])
        var options = SinglePageRenderer.Options(dataPath: "things.csv")
        options.settings = ["detail": "true", "markdown": "notes", "accessory": "done", "group": "first-letter", "footer": "{{count}} things"]
        options.isSingleFile = true
        options.strictTemplateNames = true
        _ = try SinglePageRenderer(options: options, fileSystem: fileSystem).run()
        let html = try #require(fileSystem.text("Output/things.html"))
        #expect(html.contains("<details class=\"row-detail\">") && html.contains("<em>bold</em>"))
    }

    /// A site's own template that misspells a name: under `--strict` the build fails at the
    /// tag and leaves no output; without it the name renders as nothing, as Mustache says.
    @Test func aMisspeltNameInASiteTemplateFailsAStrictBuildAtItsTag() throws {
        let site = SiteBuilderTests.site + "\n-- Templates/partials/row.md.mustache --\n{{label}} ({{nmae}})"
        let strict = InlineSite.fileSystem(site)
        let error = try #require(diagnostic { _ = try SiteBuilderTests.build(strict, strict: true) })
        #expect(error.location == SourceLocation(path: "Templates/partials/row.md.mustache", line: 1, column: 12))
        #expect(!strict.exists("Output"))
        let lenient = InlineSite.fileSystem(site)
        _ = try SiteBuilderTests.build(lenient)
        #expect(lenient.text("Output/friends.md")?.contains("- Åsa ()\n") == true)
    }
}
