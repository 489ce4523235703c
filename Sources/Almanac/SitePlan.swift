import AlmanacCore
import AlmanacModel
import AlmanacRender

/// Everything decided before a byte is written: settings, templates, every page's model, and
/// what can be kept from the last build.
struct Plan: Sendable {
    let siteInfo: SiteInfo
    let templates: SiteTemplates
    /// Assets, static files, the sitemap and fresh search data: written as they are.
    let fixedArtifacts: [Artifact]
    /// The data pages loaded by this build.
    let pages: [Page]
    /// Each loaded page's search data file, when it has one.
    let searchDataPaths: [String?]
    /// For each loaded page: its detail and section pages are kept from the last build.
    let keepsDetails: [Bool]
    /// Files and folders moved unchanged from the previous output.
    let adoptions: [String]
    let home: Page
    let summaries: [PageSummary]
    let warnings: [Diagnostic]
    /// The cache to save once the build has succeeded.
    let cache: BuildCache
    let reusedPages: Int

    func report(_ fileCount: Int, stages: [(name: String, seconds: Double)]) -> BuildReport {
        BuildReport(
            pageCount: summaries.count, rowCount: summaries.reduce(0) { $0 + $1.rowCount }, fileCount: fileCount,
            reusedPages: reusedPages, reusedDetailFolders: keepsDetails.filter { $0 }.count,
            warnings: warnings, stages: stages)
    }
}

extension SiteBuilder {
    /// Plans the build. With `reusing`, pages whose inputs match the cache are not loaded at
    /// all, and pages whose data and settings match keep their detail pages.
    func makePlan(reusing: Bool) throws(DiagnosticList) -> Plan {
        let site = try loadConfiguration()
        let templates = try loadTemplates()
        let staticArtifacts = try loadStaticFiles()
        let siteInfo = templates.siteInfo(site, staticFiles: Set(staticArtifacts.map(\.path)))
        let sources = try discoverPages()
        let global = ContentHash.fingerprint([
            Array(SiteBuilder.cacheVersion.utf8), Array(templates.fingerprint.utf8),
            Array([site.title, site.baseURL ?? "", site.locale, site.theme ?? ""].joined(separator: "\u{0}").utf8),
            Array(staticArtifacts.map(\.path).joined(separator: "\u{0}").utf8),
        ])
        let previous = reusing && options.usesCache ? BuildCache.load(fileSystem, output: options.outputPath, global: global) : nil
        var cache = BuildCache(global: global)
        let loader = PageLoader(fileSystem: fileSystem, site: site)
        let output = options.outputPath
        let exists: @Sendable (String) -> Bool = { [fileSystem] path in fileSystem.exists(Path.join(output, path)) }

        // Pages whose every input is unchanged are kept whole, without being read.
        let keys = ParallelMap.map(sources) { source in source.name == "index" ? nil : loader.fingerprints(source) }
        var adoptions: [String] = []
        var reusedSummaries: [PageSummary] = []
        var toLoad: [(source: PageLoader.Source, keys: (details: String, listing: String)?)] = []
        for (source, key) in zip(sources, keys) {
            if let key, let entry = previous?.pages[source.name], entry.detailsKey == key.details, entry.listingKey == key.listing,
               entry.files.allSatisfy(exists), entry.folder.map(exists) ?? true {
                adoptions += entry.files + (entry.folder.map { [$0] } ?? [])
                reusedSummaries.append(PageSummary(name: source.name, title: entry.title, rowCount: entry.rowCount))
                cache.pages[source.name] = entry
            } else {
                toLoad.append((source, key))
            }
        }

        let loaded = ParallelMap.map(toLoad.map(\.source)) { source in
            Result { () throws(Diagnostic) in try loader.load(source) }
        }
        var diagnostics: [Diagnostic] = []
        var pages: [Page] = []
        var pageKeys: [(details: String, listing: String)?] = []
        var home: Page?
        var warnings: [Diagnostic] = []
        for (result, entry) in zip(loaded, toLoad) {
            switch result {
            case .success(let built):
                warnings += built.warnings
                if built.page.name == "index" {
                    home = built.page
                } else {
                    pages.append(built.page)
                    pageKeys.append(entry.keys)
                }
            case .failure(let error):
                diagnostics.append(error)
            }
        }
        if options.isStrict {
            diagnostics += warnings.map { .error(at: $0.location, $0.message, hint: $0.hint) }
        }

        // Pages whose data and settings are unchanged keep their detail and section pages and
        // their search data; only their listing is rendered again.
        var keepsDetails: [Bool] = []
        var searchDataPaths: [String?] = []
        var fixed = templates.assets + staticArtifacts
        let loadedPages = pages
        let loadedKeys = pageKeys
        let freshSearchData = ParallelMap.map(Array(pages.indices)) { index -> Artifact? in
            let page = loadedPages[index]
            guard page.hasSearch else { return nil }
            if let key = loadedKeys[index], let entry = previous?.pages[page.name], entry.detailsKey == key.details,
               let kept = entry.files.first(where: { $0.hasPrefix("assets/search-") }), exists(kept) {
                return Artifact(path: kept, bytes: [])
            }
            return PageRenderer.searchData(for: page)
        }
        for (index, page) in pages.enumerated() {
            let folder = page.settings.hasDetailPages || page.isSplit ? page.name : nil
            var keeps = false
            if let key = pageKeys[index], let entry = previous?.pages[page.name], entry.detailsKey == key.details,
               let folder, entry.folder == folder, exists(folder) {
                keeps = true
                adoptions.append(folder)
            }
            keepsDetails.append(keeps)
            var files = [page.name + ".html", page.name + ".md", page.name + ".json"]
            if let data = freshSearchData[index] {
                searchDataPaths.append(data.path)
                files.append(data.path)
                if data.bytes.isEmpty { adoptions.append(data.path) } else { fixed.append(data) }
            } else {
                searchDataPaths.append(nil)
            }
            if let key = pageKeys[index] {
                cache.pages[page.name] = BuildCache.Entry(
                    detailsKey: key.details, listingKey: key.listing, title: page.title, rowCount: page.rowCount,
                    files: files, folder: folder)
            }
        }

        let names = (reusedSummaries.map(\.name) + pages.map(\.name)).sorted()
        if let sitemap = Sitemap.xml(site: siteInfo, pages: ["index.html"] + names.map { $0 + ".html" }) {
            fixed.append(Artifact(path: "sitemap.xml", text: sitemap))
        }
        diagnostics += staticClashes(staticArtifacts, pages: pages)
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
        let summaries = reusedSummaries + pages.map { PageSummary(name: $0.name, title: $0.title, rowCount: $0.rowCount) }
        return Plan(
            siteInfo: siteInfo, templates: templates, fixedArtifacts: fixed, pages: pages,
            searchDataPaths: searchDataPaths, keepsDetails: keepsDetails, adoptions: adoptions.sorted(),
            home: home ?? Self.defaultHome(site: site), summaries: Self.homeListing(summaries, locale: site.locale),
            warnings: options.isStrict ? [] : warnings, cache: cache, reusedPages: reusedSummaries.count)
    }

    /// Static files must not take a name the build writes.
    func staticClashes(_ staticArtifacts: [Artifact], pages: [Page]) -> [Diagnostic] {
        let generated = Set(["index.html", "index.md"] + pages.flatMap { ["\($0.name).html", "\($0.name).md", "\($0.name).json"] })
        let folders = Set(pages.filter { $0.settings.hasDetailPages || $0.isSplit }.map { $0.name + "/" } + ["assets/"])
        return staticArtifacts.filter { artifact in
            generated.contains(artifact.path) || folders.contains(where: { artifact.path.hasPrefix($0) })
        }.map { artifact in
            .error(
                at: SourceLocation(path: Path.join(options.contentPath, "static", artifact.path)),
                "two files would be written to \(artifact.path)", hint: "rename the file in Content/static/ that clashes with a generated page")
        }
    }

    /// Part of every cache key: a new version of Almanac never trusts an old build's files.
    static let cacheVersion = "almanac-0.1.0-cache-1"
}
