import AlmanacCommonMark
import AlmanacCore
import AlmanacDefaults
import AlmanacModel
import AlmanacRender
import AlmanacTemplate
import AlmanacWrite

/// What `almanac build` and `almanac check` are asked to do.
public struct BuildOptions: Sendable {
    public var contentPath = "Content"
    /// The site's own templates; nil uses `Templates/` when it exists.
    public var templatesPath: String?
    public var outputPath = "Output"
    public var baseURL: String?
    public var locale: String?
    /// Warnings fail the build.
    public var isStrict = false

    public init() {}
}

/// What a build did, for the one-line summary.
public struct BuildReport: Sendable {
    public let pageCount: Int
    public let rowCount: Int
    public let fileCount: Int
    public let warnings: [Diagnostic]
}

/// The pipeline in a few readable steps: load and model every page (in parallel), render them
/// (in parallel), then hand the files to the writer, which swaps them in atomically.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    public let fileSystem: any FileSystem

    public init(options: BuildOptions, fileSystem: any FileSystem = DiskFileSystem()) {
        self.options = options
        self.fileSystem = fileSystem
    }

    /// Builds the site into the output folder. Any error leaves the previous output untouched.
    public func build() throws(DiagnosticList) -> BuildReport {
        let plan = try makePlan()
        let writer = OutputWriter(fileSystem: fileSystem, outputPath: options.outputPath)
        let staging: OutputWriter.Staging
        do {
            staging = try writer.begin()
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)")])
        }
        do throws(DiagnosticList) {
            let report = try emit(plan, into: staging)
            do {
                try staging.commit()
            } catch {
                throw DiagnosticList([.error(at: nil, "cannot write \(options.outputPath): \(error)", hint: "the previous output was left as it was")])
            }
            return report
        } catch {
            staging.abandon()
            throw error
        }
    }

    /// Does everything a build does except writing.
    public func check() throws(DiagnosticList) -> BuildReport {
        try emit(try makePlan(), into: nil)
    }

    /// Everything decided before a byte is written: settings, templates, and every page's model.
    struct Plan: Sendable {
        let siteInfo: SiteInfo
        let templates: SiteTemplates
        let fixedArtifacts: [Artifact]
        let dataPages: [Page]
        /// Each page's search data, made once because a split page's section pages name it too.
        let searchData: [Artifact?]
        let home: Page
        let summaries: [PageSummary]
        let warnings: [Diagnostic]
    }

    func makePlan() throws(DiagnosticList) -> Plan {
        let site = try loadConfiguration()
        let templates = try loadTemplates()
        let staticArtifacts = try loadStaticFiles()
        let siteInfo = templates.siteInfo(site, staticFiles: Set(staticArtifacts.map(\.path)))
        let sources = try discoverPages()
        let loader = PageLoader(fileSystem: fileSystem, site: site)
        let loaded = ParallelMap.map(sources) { source in
            Result { () throws(Diagnostic) in try loader.load(source) }
        }
        var diagnostics: [Diagnostic] = []
        var pages: [Page] = []
        var warnings: [Diagnostic] = []
        for result in loaded {
            switch result {
            case .success(let built):
                pages.append(built.page)
                warnings += built.warnings
            case .failure(let error):
                diagnostics.append(error)
            }
        }
        if options.isStrict {
            diagnostics += warnings.map { .error(at: $0.location, $0.message, hint: $0.hint) }
        }
        let dataPages = pages.filter { $0.name != "index" }
        var fixed = templates.assets + staticArtifacts
        if let sitemap = Sitemap.xml(site: siteInfo, pages: ["index.html"] + dataPages.map { $0.name + ".html" }) {
            fixed.append(Artifact(path: "sitemap.xml", text: sitemap))
        }
        // Static files must not take a name the build writes.
        let generated = Set(["index.html", "index.md"] + dataPages.flatMap { ["\($0.name).html", "\($0.name).md", "\($0.name).json"] })
        let folders = Set(dataPages.filter(\.settings.hasDetailPages).map { $0.name + "/" } + ["assets/"])
        for artifact in staticArtifacts where generated.contains(artifact.path) || folders.contains(where: { artifact.path.hasPrefix($0) }) {
            diagnostics.append(.error(
                at: SourceLocation(path: Path.join(options.contentPath, "static", artifact.path)),
                "two files would be written to \(artifact.path)", hint: "rename the file in Content/static/ that clashes with a generated page"))
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
        let searchData = ParallelMap.map(dataPages) { page in page.hasSearch ? PageRenderer.searchData(for: page) : nil }
        fixed += searchData.compactMap { $0 }
        return Plan(
            siteInfo: siteInfo, templates: templates, fixedArtifacts: fixed, dataPages: dataPages, searchData: searchData,
            home: pages.first { $0.name == "index" } ?? Self.defaultHome(site: site),
            summaries: Self.homeListing(dataPages, locale: site.locale),
            warnings: options.isStrict ? [] : warnings)
    }

    /// One unit of rendering work; detail pages come in chunks so both cores share a big page.
    enum Task: Sendable {
        case fixed
        case home
        case listing(page: Int, format: PageRenderer.Format)
        case details(page: Int, section: Int, positions: Range<Int>)
        case sectionPage(page: Int, section: Int)
    }

    static let detailChunk = 256

    /// Renders the plan and, given a staging folder, writes each file as soon as it exists, so
    /// a large site is never held in memory whole.
    func emit(_ plan: Plan, into staging: OutputWriter.Staging?) throws(DiagnosticList) -> BuildReport {
        var tasks: [Task] = [.fixed, .home]
        for (pageIndex, page) in plan.dataPages.enumerated() {
            for format in PageRenderer.Format.allCases { tasks.append(.listing(page: pageIndex, format: format)) }
            if page.isSplit {
                for section in page.sections.indices where !page.sections[section].isEmpty {
                    tasks.append(.sectionPage(page: pageIndex, section: section))
                }
            }
            guard page.settings.hasDetailPages else { continue }
            for (sectionIndex, section) in page.sections.enumerated() {
                for start in stride(from: 0, to: section.rows.count, by: Self.detailChunk) {
                    tasks.append(.details(page: pageIndex, section: sectionIndex, positions: start..<min(start + Self.detailChunk, section.rows.count)))
                }
            }
        }
        let results = ParallelMap.map(tasks) { task in
            Result { () throws(Diagnostic) -> Int in
                let artifacts = try render(task, plan)
                if let staging {
                    for artifact in artifacts {
                        do {
                            try staging.write(artifact)
                        } catch {
                            throw Diagnostic.error(at: nil, "cannot write \(artifact.path): \(error)", hint: "the previous output was left as it was")
                        }
                    }
                }
                return artifacts.count
            }
        }
        var diagnostics: [Diagnostic] = []
        var fileCount = 0
        for result in results {
            switch result {
            case .success(let count): fileCount += count
            case .failure(let error): diagnostics.append(error)
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
        return BuildReport(
            pageCount: plan.dataPages.count, rowCount: plan.dataPages.reduce(0) { $0 + $1.rowCount },
            fileCount: fileCount, warnings: plan.warnings)
    }

    private func render(_ task: Task, _ plan: Plan) throws(Diagnostic) -> [Artifact] {
        let renderer = PageRenderer(library: plan.templates.library, site: plan.siteInfo)
        switch task {
        case .fixed:
            return plan.fixedArtifacts
        case .home:
            return [
                Artifact(path: "index.html", text: try renderer.renderHomeHTML(plan.home, pages: plan.summaries)),
                Artifact(path: "index.md", text: try renderer.renderHome(plan.home, pages: plan.summaries)),
            ]
        case .listing(let page, let format):
            return try renderer.renderListing(plan.dataPages[page], formats: [format], searchData: plan.searchData[page])
        case .details(let page, let section, let positions):
            return try renderer.renderDetails(plan.dataPages[page], section: section, positions: positions)
        case .sectionPage(let page, let section):
            return [try renderer.renderSectionPage(plan.dataPages[page], section: section, searchDataPath: plan.searchData[page]?.path)]
        }
    }

    /// The pages as the home page lists them: by title, in the site's collation.
    static func homeListing(_ pages: [Page], locale: String) -> [PageSummary] {
        let collation = Collation(locale: locale) ?? Collation(locale: "en")
        let keyed = pages.map { (page: $0, key: collation?.sortKey($0.title, strength: .secondary) ?? []) }
        return keyed.sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.page.name < $1.page.name }
            .map { PageSummary(name: $0.page.name, title: $0.page.title, rowCount: $0.page.rowCount) }
    }

    static func defaultHome(site: SiteConfiguration) -> Page {
        var settings = PageSettings()
        settings.title = site.title
        return Page(
            name: "index", title: site.title, settings: settings, prose: .empty, sections: [],
            titleAnchor: AnchorSlugger.base(site.title), labelField: "name", source: SourceLocation(path: "index.md"))
    }

    func loadConfiguration() throws(DiagnosticList) -> SiteConfiguration {
        var site = SiteConfiguration()
        let path = Path.join(options.contentPath, SiteConfiguration.fileName)
        if fileSystem.exists(path) {
            do {
                site = try SiteConfiguration(yaml: try fileSystem.read(path), path: path)
            } catch let error as Diagnostic {
                throw DiagnosticList([error])
            } catch {
                throw DiagnosticList([.error(at: SourceLocation(path: path), "cannot read: \(error)")])
            }
        }
        if let locale = options.locale { site.locale = locale }
        if let baseURL = options.baseURL { site.baseURL = baseURL }
        return site
    }

    /// The site's templates and assets over the built-in ones.
    func loadTemplates() throws(DiagnosticList) -> SiteTemplates {
        var overrides: [String: [UInt8]] = [:]
        let root = options.templatesPath ?? "Templates"
        if options.templatesPath != nil && !fileSystem.isDirectory(root) {
            throw DiagnosticList([.error(at: nil, "no templates folder at \(root)")])
        }
        if fileSystem.isDirectory(root) {
            do {
                for relative in try Self.listFiles(fileSystem, root) {
                    overrides[relative] = try fileSystem.read(Path.join(root, relative))
                }
            } catch {
                throw DiagnosticList([.error(at: SourceLocation(path: root), "cannot read the templates: \(error)")])
            }
        }
        return SiteTemplates(overrides: overrides, overrideRoot: root)
    }

    /// Files under `Content/static/`, copied into the output as they are (images, downloads).
    func loadStaticFiles() throws(DiagnosticList) -> [Artifact] {
        let root = Path.join(options.contentPath, "static")
        guard fileSystem.isDirectory(root) else { return [] }
        do {
            return try Self.listFiles(fileSystem, root).map { Artifact(path: $0, bytes: try fileSystem.read(Path.join(root, $0))) }
        } catch {
            throw DiagnosticList([.error(at: SourceLocation(path: root), "cannot read the static files: \(error)")])
        }
    }

    static func listFiles(_ fileSystem: any FileSystem, _ root: String, prefix: String = "") throws -> [String] {
        var files: [String] = []
        for name in try fileSystem.contents(ofDirectory: prefix.isEmpty ? root : Path.join(root, prefix)) where !name.hasPrefix(".") {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if fileSystem.isDirectory(Path.join(root, relative)) {
                files += try listFiles(fileSystem, root, prefix: relative)
            } else {
                files.append(relative)
            }
        }
        return files
    }

    /// Content pages are the `.md` files at the top of the content folder, in code-point order;
    /// each gets a safe, unique output name (`index.md` is the home page).
    func discoverPages() throws(DiagnosticList) -> [PageLoader.Source] {
        guard fileSystem.isDirectory(options.contentPath) else {
            throw DiagnosticList([.error(at: nil, "no content folder at \(options.contentPath)", hint: "run almanac in a site folder, or pass --content DIR")])
        }
        let names: [String]
        do {
            names = try fileSystem.contents(ofDirectory: options.contentPath)
        } catch {
            throw DiagnosticList([.error(at: nil, "cannot list \(options.contentPath)")])
        }
        var allocator = SlugAllocator(reserved: ["index", "assets"])
        var sources: [PageLoader.Source] = []
        for name in names where Path.fileExtension(of: name) == "md" && !name.hasPrefix(".") {
            let path = Path.join(options.contentPath, name)
            guard !fileSystem.isDirectory(path) else { continue }
            let stem = Path.removingExtension(name)
            let outputName = stem == "index" ? "index" : allocator.allocate(stem, fallback: "page")
            sources.append(PageLoader.Source(path: path, name: outputName))
        }
        return sources
    }
}
