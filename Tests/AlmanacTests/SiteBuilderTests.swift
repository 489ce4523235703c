import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

@Suite struct SiteBuilderTests {
    static let site = """
        -- Content/almanac.yaml --
        title: Test Site
        -- Content/index.md --
        Welcome.
        -- Content/states.md --
        ---
        title: States
        data: states.csv
        fields: [capital]
        footer: "{{count}} states"
        ---
        The states.
        -- Content/states.csv --
        name,capital,region
        Texas,Austin,South
        Ohio,Columbus,Midwest
        Oregon,Salem,West
        -- Content/friends.md --
        ---
        data: friends.plist
        key: name
        columns: [email]
        ---
        -- Content/friends.plist --
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>Zoë</key><array><string>z@example.com</string></array>
        <key>Åsa</key><array><string>a@example.com</string></array>
        </dict></plist>
        """

    static func build(_ fileSystem: MemoryFileSystem, strict: Bool = false) throws -> BuildReport {
        var options = BuildOptions()
        options.isStrict = strict
        return try SiteBuilder(options: options, fileSystem: fileSystem).build()
    }

    @Test func buildsEveryPageInEveryFormat() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        let report = try Self.build(fileSystem)
        let pages = fileSystem.tree("Output").keys.filter { !$0.hasPrefix("assets/") }.sorted()
        #expect(pages == [
            ".almanac-build", "friends.csv", "friends.html", "friends.json", "friends.md", "friends.ndjson", "index.html", "index.md",
            "states.csv", "states.html", "states.json", "states.md", "states.ndjson",
        ])
        let assets = fileSystem.tree("Output").keys.filter { $0.hasPrefix("assets/") }.sorted()
        #expect(assets.count == 4, "stylesheet, script and one search file per page: \(assets)")
        #expect(report.pageCount == 2)
        #expect(report.rowCount == 5)
        let states = try #require(fileSystem.text("Output/states.md"))
        #expect(states.hasPrefix("# States\n\nThe states.\n\n[O](#o) · [T](#t)\n\n## O\n"))
        #expect(states.contains("| Ohio | Columbus |\n| Oregon | Salem |\n\n*2 states*"))
        let friends = try #require(fileSystem.text("Output/friends.md"))
        #expect(friends.contains("## A\n\n- Åsa\n\n## Z\n\n- Zoë\n"))
        #expect(fileSystem.text("Output/index.md") == "# Test Site\n\nWelcome.\n\n- [Friends](friends.md) — 2 rows\n- [States](states.md) — 3 rows\n")
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let first = InlineSite.fileSystem(Self.site)
        let second = InlineSite.fileSystem(Self.site)
        _ = try Self.build(first)
        _ = try Self.build(second)
        _ = try Self.build(second)
        #expect(first.tree("Output") == second.tree("Output"))
    }

    @Test func failedBuildLeavesThePreviousOutputExactly() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        let before = fileSystem.tree("Output")
        try fileSystem.write(Array("name,capital\nTexas,Austin,extra\n".utf8), to: "Content/states.csv")
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) })
        #expect(error.location == SourceLocation(path: "Content/states.csv", line: 2, column: 14))
        #expect(fileSystem.tree("Output") == before)
    }

    @Test func everyBrokenPageIsReportedAtOnce() throws {
        let fileSystem = InlineSite.fileSystem(Self.site + """

            -- Content/bad1.md --
            ---
            grup: x
            ---
            -- Content/bad2.md --
            ---
            data: missing.csv
            ---
            """)
        do {
            _ = try Self.build(fileSystem)
            Issue.record("expected errors")
        } catch let list as DiagnosticList {
            #expect(list.diagnostics.map(\.location?.path) == ["Content/bad1.md", "Content/bad2.md"])
            #expect(list.diagnostics[0].location?.line == 2)
            #expect(list.diagnostics[1].message.contains("missing.csv"))
        }
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        // A record without a label is a warning.
        let site = Self.site + "\n-- Content/odd.md --\n---\ndata: odd.csv\n---\n-- Content/odd.csv --\nname,n\n,1\n"
        let lenient = InlineSite.fileSystem(site)
        #expect(try Self.build(lenient).warnings.count == 1)
        let strict = InlineSite.fileSystem(site)
        #expect(diagnostic { _ = try Self.build(strict, strict: true) } != nil)
        #expect(!strict.exists("Output"))
    }

    /// A setting given twice in a page's front matter or in almanac.yaml is a warning at the
    /// second, every build; under --strict both are errors, reported together.
    @Test func aSettingGivenTwiceWarnsAndStrictRefusesBoth() throws {
        let site = Self.site + "\n-- Content/almanac.yaml --\ntitle: A\ntitle: B\n-- Content/twice.md --\n---\ndata: twice.csv\ngroup: none\ngroup: first-letter\n---\n-- Content/twice.csv --\nname\nx\n"
        let lenient = InlineSite.fileSystem(site)
        let warnings = try Self.build(lenient).warnings.filter { $0.message.contains("given twice") }
        #expect(warnings.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" } == ["Content/almanac.yaml:2", "Content/twice.md:4"])
        #expect(try Self.build(lenient).warnings.contains { $0.message.contains("given twice") }, "and again on a build that changes nothing")
        let strict = InlineSite.fileSystem(site)
        do {
            _ = try Self.build(strict, strict: true)
            Issue.record("a strict build with a setting given twice")
        } catch let list as DiagnosticList {
            #expect(list.diagnostics.filter { $0.message.contains("given twice") }.count == 2)
        }
    }

    /// Mistakes in almanac.yaml do not hide the pages' own: one run reports them all.
    @Test func settingsErrorsOfTheSiteAndItsPagesComeTogether() throws {
        for siteMistake in ["them: dark", "locale: xx-bogus"] {
            let site = Self.site + "\n-- Content/almanac.yaml --\ntitle: A\n\(siteMistake)\n-- Content/odd.md --\n---\ndata: odd.csv\nsplit: -3\nfelds: [a]\n---\n-- Content/odd.csv --\nname\nx\n"
            do {
                _ = try Self.build(InlineSite.fileSystem(site))
                Issue.record("a build with mistaken settings")
            } catch let list as DiagnosticList {
                let places = list.diagnostics.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" }
                #expect(places == ["Content/almanac.yaml:2", "Content/odd.md:3", "Content/odd.md:4"], "\(siteMistake)")
            }
        }
    }

    @Test func siteTemplatesOverrideBuiltInOnes() throws {
        let fileSystem = InlineSite.fileSystem(Self.site + "\n-- Templates/partials/row.md.mustache --\n→ {{label}}")
        _ = try Self.build(fileSystem)
        #expect(fileSystem.text("Output/friends.md")?.contains("- → Åsa\n") == true)
    }

    @Test func brokenSiteTemplateNamesItsFile() throws {
        let fileSystem = InlineSite.fileSystem(Self.site + "\n-- Templates/page.md.mustache --\n# {{title}\n")
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) })
        #expect(error.location == SourceLocation(path: "Templates/page.md.mustache", line: 1, column: 3))
    }

    @Test func unknownSiteSettingIsAnError() throws {
        let fileSystem = InlineSite.fileSystem("-- Content/almanac.yaml --\ntitel: x\n")
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) })
        #expect(error.hint == "did you mean 'title'?")
    }

    @Test func pageNamesAreSafeAndDistinct() throws {
        let fileSystem = InlineSite.fileSystem("""
            -- Content/My Page.md --
            # one
            -- Content/my-page.md --
            # two
            """)
        let report = try Self.build(fileSystem)
        #expect(fileSystem.tree("Output").keys.filter { $0.hasSuffix(".md") }.sorted() == ["index.md", "my-page-2.md", "my-page.md"])
        #expect(report.warnings.map { "\($0.location?.path ?? ""): \($0.message)" } == [
            "Content/my-page.md: this page is written as my-page-2.html, not my-page.html: My Page.md is written as my-page.html",
        ])
    }

    /// `assets` holds the site's styles and scripts; a page of that name is moved aside, and
    /// says so: its address is not the one its author would link to.
    @Test func aPageWithAReservedNameIsRenamedWithAWarning() throws {
        let fileSystem = InlineSite.fileSystem("""
            -- Content/assets.md --
            # Assets
            -- Content/Index.md --
            # Not the home page
            """)
        let report = try Self.build(fileSystem)
        #expect(report.warnings.map(\.message) == [
            "this page is written as index-2.html, not index.html: 'index' is the home page",
            "this page is written as assets-2.html, not assets.html: 'assets' is the folder of the site's styles and scripts",
        ])
        #expect(fileSystem.exists("Output/assets-2.html"))
        #expect(diagnostic { _ = try Self.build(fileSystem, strict: true) }?.severity == .error)
    }

    @Test func baseURLAddsCanonicalLinksAndASitemap() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        var options = BuildOptions()
        options.baseURL = "https://example.org/docs"
        _ = try SiteBuilder(options: options, fileSystem: fileSystem).build()
        #expect(fileSystem.text("Output/states.html")?.contains(#"<link rel="canonical" href="https://example.org/docs/states.html"/>"#) == true)
        let sitemap = try #require(fileSystem.text("Output/sitemap.xml"))
        #expect(sitemap.contains("<loc>https://example.org/docs/index.html</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/docs/friends.html</loc>"))
    }

    @Test func withoutBaseURLEveryLinkIsRelative() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        #expect(!fileSystem.exists("Output/sitemap.xml"))
        for (path, bytes) in fileSystem.tree("Output") where path.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            #expect(!html.contains("href=\"/") && !html.contains("src=\"/") && !html.contains("canonical"), "\(path)")
        }
    }

    @Test func staticFilesAreCopiedAndClashesAreErrors() throws {
        let fileSystem = InlineSite.fileSystem(Self.site + "\n-- Content/static/pics/a.svg --\n<svg/>\n")
        _ = try Self.build(fileSystem)
        #expect(fileSystem.text("Output/pics/a.svg")?.hasPrefix("<svg/>") == true)
        let clash = InlineSite.fileSystem(Self.site + "\n-- Content/static/states.html --\nmine\n")
        #expect(diagnostic { _ = try Self.build(clash) }?.message.contains("two files") == true)
    }

    @Test func unchangedRebuildRendersOnlyTheHomePageAndKeepsTheRest() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        let first = try Self.build(fileSystem)
        let before = fileSystem.tree("Output")
        let second = try Self.build(fileSystem)
        #expect(first.reusedPages == 0)
        #expect(second.reusedPages == 2)
        #expect(second.fileCount < first.fileCount)
        #expect(fileSystem.tree("Output") == before, "kept files are the same bytes")
    }

    @Test func editingProseRendersTheListingAndKeepsDetailPages() throws {
        let site = Self.site.replacingOccurrences(of: "fields: [capital]", with: "fields: [capital]\ndetail: true")
        let fileSystem = InlineSite.fileSystem(site)
        _ = try Self.build(fileSystem)
        try fileSystem.write(Array(try fileSystem.readText("Content/states.md").replacingOccurrences(of: "The states.", with: "All the states.").utf8), to: "Content/states.md")
        let report = try Self.build(fileSystem)
        #expect(report.reusedPages == 1, "friends is untouched")
        #expect(report.proseOnlyPages == 1, "states gets its new prose spliced in")
        #expect(fileSystem.text("Output/states.html")?.contains("All the states.") == true)
        #expect(fileSystem.text("Output/states.md")?.contains("All the states.") == true)
        let fresh = InlineSite.fileSystem(site)
        try fresh.write(Array(try fileSystem.readText("Content/states.md").utf8), to: "Content/states.md")
        _ = try Self.build(fresh)
        #expect(fileSystem.tree("Output") == fresh.tree("Output"), "the same bytes as a build from scratch")
    }

    @Test func newProseHeadingsRenderTheListingAgain() throws {
        let site = Self.site.replacingOccurrences(of: "fields: [capital]", with: "fields: [capital]\ndetail: true")
        let fileSystem = InlineSite.fileSystem(site)
        _ = try Self.build(fileSystem)
        // A heading named like a section moves that section's id, so the listing is rendered.
        try fileSystem.write(Array(try fileSystem.readText("Content/states.md").replacingOccurrences(of: "The states.", with: "## O\n\nThe states.").utf8), to: "Content/states.md")
        let report = try Self.build(fileSystem)
        #expect(report.proseOnlyPages == 0)
        #expect(report.reusedPages == 1, "friends alone is kept whole")
        #expect(fileSystem.text("Output/states/ohio.html")?.contains("states.html#o-1") == true, "detail pages link back to the moved section id")
        #expect(fileSystem.text("Output/states.html")?.contains(#"<section id="o-1""#) == true)
        let fresh = InlineSite.fileSystem(site)
        try fresh.write(Array(try fileSystem.readText("Content/states.md").utf8), to: "Content/states.md")
        _ = try Self.build(fresh)
        #expect(fileSystem.tree("Output") == fresh.tree("Output"), "the same bytes as a build from scratch")
    }

    @Test func changedDataIsNeverServedFromTheCache() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        try fileSystem.write(Array("name,capital,region\nUtah,Salt Lake City,West\n".utf8), to: "Content/states.csv")
        let report = try Self.build(fileSystem)
        #expect(report.reusedPages == 1)
        #expect(fileSystem.text("Output/states.md")?.contains("Utah") == true)
        #expect(fileSystem.text("Output/states.md")?.contains("Texas") == false)
    }

    @Test func changedTemplatesOrSettingsInvalidateEverything() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        try fileSystem.write(Array("title: Renamed\n".utf8), to: "Content/almanac.yaml")
        #expect(try Self.build(fileSystem).reusedPages == 0)
        try fileSystem.createDirectory("Templates/partials")
        try fileSystem.write(Array("* {{label}}".utf8), to: "Templates/partials/row.md.mustache")
        #expect(try Self.build(fileSystem).reusedPages == 0)
        #expect(fileSystem.text("Output/friends.md")?.contains("- * Åsa") == true)
    }

    @Test func missingOrBrokenCacheIsIgnored() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try Self.build(fileSystem)
        try fileSystem.write(Array("{ not json".utf8), to: ".almanac/build-cache.json")
        #expect(try Self.build(fileSystem).reusedPages == 0)
        try fileSystem.remove("Output/states.json")
        #expect(try Self.build(fileSystem).reusedPages == 1, "a page with a file missing from the output is rendered again")
        #expect(fileSystem.exists("Output/states.json"))
    }

    @Test func checkWritesNothing() throws {
        let fileSystem = InlineSite.fileSystem(Self.site)
        _ = try SiteBuilder(options: BuildOptions(), fileSystem: fileSystem).check()
        #expect(!fileSystem.exists("Output"))
    }

    @Test func missingContentFolderIsAnError() throws {
        #expect(diagnostic { _ = try Self.build(MemoryFileSystem()) }?.message.contains("no content folder") == true)
    }
}

@Suite struct DiskBuildTests {
    /// The real thing on disk: build, break the data, build again, and compare every byte.
    @Test func failedBuildOnDiskLeavesOutputByteForByte() throws {
        let (root, options) = try makeSiteOnDisk()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let disk = DiskFileSystem()
        _ = try SiteBuilder(options: options, fileSystem: disk).build()
        let before = try snapshot(disk, root + "/Output")
        #expect(before.keys.contains("states.html") && before.keys.contains("friends.md"))

        _ = try SiteBuilder(options: options, fileSystem: disk).build()
        #expect(try snapshot(disk, root + "/Output") == before, "rebuilding is byte-identical")

        try disk.write(Array("{ not json".utf8), to: root + "/Content/friends.plist")
        #expect(diagnostic { _ = try SiteBuilder(options: options, fileSystem: disk).build() } != nil)
        #expect(try snapshot(disk, root + "/Output") == before)
        #expect(try disk.contents(ofDirectory: root) == [".almanac", "Content", "Output"], "no staging folder is left behind")
    }

    /// A build that keeps unchanged pages links their files into staging; when another page
    /// fails while rendering, the output is as it was.
    @Test func failureAfterKeepingPagesPutsThemBack() throws {
        let (root, options) = try makeSiteOnDisk()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let disk = DiskFileSystem()
        _ = try SiteBuilder(options: options, fileSystem: disk).build()
        let before = try snapshot(disk, root + "/Output")
        let friends = root + "/Content/friends.md"
        try disk.write(Array(try disk.readText(friends).replacingOccurrences(of: "key: name", with: "key: name\nfooter: \"{{#count}}\"").utf8), to: friends)
        #expect(diagnostic { _ = try SiteBuilder(options: options, fileSystem: disk).build() } != nil)
        #expect(try snapshot(disk, root + "/Output") == before)
    }

    /// The inline test site written to a fresh temporary folder, with options that build it.
    func makeSiteOnDisk() throws -> (root: String, options: BuildOptions) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-site-\(UUID().uuidString)").path
        let disk = DiskFileSystem()
        for (path, text) in InlineSite.files(SiteBuilderTests.site) {
            try disk.createDirectory(root + "/" + Path.directory(of: path))
            try disk.write(Array(text.utf8), to: root + "/" + path)
        }
        var options = BuildOptions()
        options.contentPath = root + "/Content"
        options.outputPath = root + "/Output"
        return (root, options)
    }

    func snapshot(_ disk: DiskFileSystem, _ folder: String, prefix: String = "") throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try disk.contents(ofDirectory: folder) {
            let path = folder + "/" + name
            if disk.isDirectory(path) {
                files.merge(try snapshot(disk, path, prefix: prefix + name + "/")) { first, _ in first }
            } else {
                files[prefix + name] = try disk.read(path)
            }
        }
        return files
    }
}


@Suite struct EveryErrorTests {
    /// A header or footer is parsed when the page is read, and a mistake points at its key,
    /// in `build` and in `render --page` alike.
    @Test func aBrokenFooterIsAnErrorAtItsKey() throws {
        let site = "-- Content/s.md --\n---\ndata: s.csv\ntitle: S\nfooter: \"{{#count}} rows\"\n---\n-- Content/s.csv --\nname\nOhio\n"
        let error = try #require(diagnostic { _ = try SiteBuilder(options: BuildOptions(), fileSystem: InlineSite.fileSystem(site)).check() })
        #expect(error.location == SourceLocation(path: "Content/s.md", line: 4, column: 1))
        #expect(error.message.hasPrefix("the template in this setting is not valid: "))
        var options = SinglePageRenderer.Options(dataPath: "Content/s.csv")
        options.pagePath = "Content/s.md"
        let rendered = diagnostic { _ = try SinglePageRenderer(options: options, fileSystem: InlineSite.fileSystem(site)).run() }
        #expect(rendered?.location?.line == 4)
    }

    /// A page with several mistakes reports them all, each at its own line.
    @Test func everyMistakeInAFileIsReported() throws {
        let site = "-- Content/s.md --\n---\ndata: s.csv\ngrup: x\nindex: maybe\n---\n-- Content/s.csv --\nname,capital\nOhio,Columbus\n"
        let fileSystem = InlineSite.fileSystem(site)
        do {
            _ = try SiteBuilder(options: BuildOptions(), fileSystem: fileSystem).check()
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map(\.location?.line) == [3, 4])
            #expect(error.diagnostics.map(\.message) == ["unknown setting 'grup'", "'index' must be true, false or full, found 'maybe'"])
        }
        let fields = InlineSite.fileSystem(site.replacingOccurrences(of: "grup: x\nindex: maybe\n", with: "sort: captial\nfields: [nope]\n"))
        do {
            _ = try SiteBuilder(options: BuildOptions(), fileSystem: fields).check()
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map(\.location?.line) == [3, 4])
        }
    }
}
