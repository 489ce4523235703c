import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// What a build refuses to read or overwrite, tried with the hostile inputs a pull request
/// could bring.
@Suite struct SiteBoundaryTests {
    static func site(data: String, settings: String = "") -> String {
        """
        -- Content/almanac.yaml --
        title: T
        \(settings)
        -- Content/birds.md --
        ---
        data: \(data)
        ---
        -- Content/birds.csv --
        name
        Wren
        -- outside/secret.csv --
        name
        runner-token
        -- etc/passwd.csv --
        name
        root
        """
    }

    static func build(_ fileSystem: any FileSystem, configure: (inout BuildOptions) -> Void = { _ in }) throws -> BuildReport {
        var options = BuildOptions()
        configure(&options)
        return try SiteBuilder(options: options, fileSystem: fileSystem).build()
    }

    @Test(arguments: ["../outside/secret.csv", "/etc/passwd.csv", "./../outside/../outside/secret.csv"])
    func dataOutsideTheContentFolderIsRefused(path: String) throws {
        let fileSystem = InlineSite.fileSystem(Self.site(data: path))
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) })
        #expect(error.message == "the data file '\(path)' is outside the site")
        #expect(error.location == SourceLocation(path: "Content/birds.md", line: 2, column: 1), "the `data:` key")
        #expect(fileSystem.tree("Output").isEmpty)
    }

    @Test func allowOutsideOpensANamedFolder() throws {
        let fileSystem = InlineSite.fileSystem(Self.site(data: "../outside/secret.csv", settings: "allow_outside: [../outside]"))
        _ = try Self.build(fileSystem)
        #expect(fileSystem.text("Output/birds.md")?.contains("runner-token") == true)
        #expect(diagnostic { _ = try Self.build(InlineSite.fileSystem(Self.site(data: "/etc/passwd.csv", settings: "allow_outside: [../outside]"))) } != nil)
    }

    @Test(arguments: ["javascript:alert(1)//", "/docs/", "ftp://example.org/", "https://", "https://exa mple.org/", "https://e.org/\"><script>"])
    func baseURLMustBeAbsoluteHTTP(url: String) throws {
        let fileSystem = InlineSite.fileSystem(Self.site(data: "birds.csv"))
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) { $0.baseURL = url } })
        #expect(error.message.contains("the base URL"))
        #expect(fileSystem.tree("Output").isEmpty)
        let configured = InlineSite.fileSystem(Self.site(data: "birds.csv", settings: "base_url: '\(url)'"))
        let fromFile = try #require(diagnostic { _ = try Self.build(configured) })
        #expect(fromFile.location?.path == "Content/almanac.yaml")
    }

    @Test func httpBaseURLsAreAccepted() throws {
        let fileSystem = InlineSite.fileSystem(Self.site(data: "birds.csv"))
        _ = try Self.build(fileSystem) { $0.baseURL = "https://example.org/docs/" }
        #expect(fileSystem.text("Output/sitemap.xml")?.contains("<loc>https://example.org/docs/birds.html</loc>") == true)
    }

    @Test(arguments: [".", "Content", "Content/static", "Content/static/out", "Templates"])
    func outputOverlappingTheSourcesIsRefused(output: String) throws {
        let fileSystem = InlineSite.fileSystem(Self.site(data: "birds.csv") + "\n-- Content/static/a.txt --\na\n-- Templates/assets/extra.css --\np {}\n")
        let before = fileSystem.allFiles
        let error = try #require(diagnostic { _ = try Self.build(fileSystem) { $0.outputPath = output } })
        #expect(error.message.hasPrefix("the output folder \(output) "))
        #expect(fileSystem.allFiles == before)
    }

    /// On the disk, where links exist: a data file or static file that links out of the site
    /// is refused, and an output named through a link to the content is caught.
    @Test func linksOutOfTheSiteAreRefusedOnDisk() throws {
        let root = try TemporaryFolder()
        let files = InlineSite.files(Self.site(data: "birds.csv"))
        for (path, text) in files { try root.write(text, to: path) }
        let content = root.path("Content")
        let manager = FileManager.default
        let options = { (output: String) in
            var options = BuildOptions()
            options.contentPath = content
            options.templatesPath = nil
            options.outputPath = output
            return options
        }
        try manager.createSymbolicLink(atPath: root.path("Content/linked.csv"), withDestinationPath: root.path("outside/secret.csv"))
        try root.write("---\ndata: linked.csv\n---\n", to: "Content/leak.md")
        let leak = try #require(diagnostic { _ = try SiteBuilder(options: options(root.path("Output"))).build() })
        #expect(leak.message == "the data file 'linked.csv' is outside the site")
        try manager.removeItem(atPath: root.path("Content/leak.md"))

        try manager.createDirectory(atPath: root.path("Content/static"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: root.path("Content/static/x.txt"), withDestinationPath: root.path("outside/secret.csv"))
        let staticLeak = try #require(diagnostic { _ = try SiteBuilder(options: options(root.path("Output"))).build() })
        #expect(staticLeak.message == "the static file leads outside the site")
        #expect(!manager.fileExists(atPath: root.path("Output")))
        try manager.removeItem(atPath: root.path("Content/static/x.txt"))

        try manager.createSymbolicLink(atPath: root.path("alias"), withDestinationPath: content)
        let overlap = try #require(diagnostic { _ = try SiteBuilder(options: options(root.path("alias/public"))).build() })
        #expect(overlap.message.contains("lies inside the content folder"))
        #expect(manager.fileExists(atPath: root.path("Content/birds.csv")))

        _ = try SiteBuilder(options: options(root.path("Output"))).build()
        #expect(manager.fileExists(atPath: root.path("Output/birds.html")))
    }
}
