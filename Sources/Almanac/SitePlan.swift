import AlmanacCore
import AlmanacModel
import AlmanacRender

/// Everything decided before a byte is written: settings, templates, every page's model, and
/// what can be kept from the last build.
struct Plan: Sendable {
    /// New prose for a stretch of a file in the previous output.
    struct Splice: Sendable {
        let path: String
        let span: PageRenderer.ProseSpan
        let prose: [UInt8]
    }

    let siteInfo: SiteInfo
    let templates: SiteTemplates
    /// Assets, static files, the sitemap and fresh search data: written as they are.
    let fixedArtifacts: [Artifact]
    /// The data pages loaded by this build.
    let pages: [Page]
    /// Each loaded page's search data file, when it has one.
    let searchDataPaths: [String?]
    /// Search data to make while the pages render: (page, the file's path).
    let searchDataTasks: [(page: Int, path: String)]
    /// For each loaded page: its detail pages, section pages and JSON twin are kept from the
    /// last build (they depend on its data and settings, not its prose).
    let keepsDetails: [Bool]
    /// Files and folders moved unchanged from the previous output.
    let adoptions: [String]
    /// Listing files whose prose alone changed: new prose spliced into the previous file.
    let splices: [Splice]
    let home: Page
    let summaries: [PageSummary]
    let warnings: [Diagnostic]
    /// The cache to save once the build has succeeded.
    let cache: BuildCache
    let reusedPages: Int

    func report(_ fileCount: Int, stages: [(name: String, seconds: Double)]) -> BuildReport {
        BuildReport(
            pageCount: summaries.count, rowCount: summaries.reduce(0) { $0 + $1.rowCount }, fileCount: fileCount,
            reusedPages: reusedPages - splices.count / 2, reusedDetailFolders: keepsDetails.filter { $0 }.count,
            proseOnlyPages: splices.count / 2,
            warnings: warnings, stages: stages)
    }
}

extension SiteBuilder {
    /// Plans the build. With `reusing`, pages whose inputs match the cache are not loaded at
    /// all, and pages whose data and settings match keep their detail pages.
    func makePlan(reusing: Bool) throws(DiagnosticList) -> Plan {
        let site = try loadConfiguration()
        let templates = try loadTemplates()
        let boundary = SiteBoundary(fileSystem: fileSystem, contentPath: options.contentPath, allowOutside: site.allowOutside)
        let staticArtifacts = try loadStaticFiles(within: boundary)
        let siteInfo = templates.siteInfo(site, staticFiles: Set(staticArtifacts.map(\.path)))
        let sources = try discoverPages()
        let global = ContentHash.fingerprint([
            Array(SiteBuilder.cacheVersion.utf8), Array(templates.fingerprint.utf8),
            Array(([site.title, site.baseURL ?? "", site.locale, site.theme ?? ""] + site.allowOutside).joined(separator: "\u{0}").utf8),
            Array(staticArtifacts.map(\.path).joined(separator: "\u{0}").utf8),
        ])
        let previous = reusing && options.usesCache ? BuildCache.load(fileSystem, output: options.outputPath, global: global) : nil
        var cache = BuildCache(global: global)
        let loader = PageLoader(fileSystem: fileSystem, site: site, boundary: boundary)
        let output = options.outputPath
        let exists: @Sendable (String) -> Bool = { [fileSystem] path in fileSystem.exists(Path.join(output, path)) }

        // Pages whose every input is unchanged are kept whole, without being read; pages whose
        // prose alone changed get the new prose spliced into their previous listing files.
        let keys = Parallel.map(sources) { source in source.name == "index" ? nil : loader.fingerprint(source) }
        var adoptions: [String] = []
        var splices: [Plan.Splice] = []
        var reusedSummaries: [PageSummary] = []
        var toLoad: [(source: PageLoader.Source, key: PageLoader.Fingerprint?)] = []
        for (source, key) in zip(sources, keys) {
            guard let key, let entry = previous?.pages[source.name], entry.detailsKey == key.details,
                  entry.files.allSatisfy(exists), entry.folder.map(exists) ?? true
            else {
                toLoad.append((source, key))
                continue
            }
            if entry.listingKey == key.listing {
                adoptions += entry.files + (entry.folder.map { [$0] } ?? [])
            } else if entry.layoutKey == key.layout, !key.prose.html.isEmpty,
                      let html = entry.proseSpans[source.name + ".html"], let markdown = entry.proseSpans[source.name + ".md"] {
                var updated = entry
                updated.listingKey = key.listing
                for (path, span, format) in [(source.name + ".html", html, PageRenderer.Format.html), (source.name + ".md", markdown, .markdown)] {
                    let prose = Array(PageRenderer.proseText(key.prose, format: format).utf8)
                    splices.append(Plan.Splice(path: path, span: span, prose: prose))
                    updated.proseSpans[path] = PageRenderer.ProseSpan(start: span.start, length: prose.count)
                }
                adoptions += entry.files.filter { updated.proseSpans[$0] == nil } + (entry.folder.map { [$0] } ?? [])
                cache.pages[source.name] = updated
                reusedSummaries.append(PageSummary(name: source.name, title: entry.title, rowCount: entry.rowCount))
                continue
            } else {
                toLoad.append((source, key))
                continue
            }
            reusedSummaries.append(PageSummary(name: source.name, title: entry.title, rowCount: entry.rowCount))
            cache.pages[source.name] = entry
        }

        let loaded = Parallel.map(toLoad.map(\.source)) { source in
            Result { () throws(Diagnostic) in try loader.load(source) }
        }
        var diagnostics: [Diagnostic] = []
        var pages: [Page] = []
        var pageKeys: [PageLoader.Fingerprint?] = []
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
                    pageKeys.append(entry.key)
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
        // Search data is kept when its inputs are unchanged, and otherwise made while the pages
        // render, under a name fixed now from the fingerprint of its inputs.
        var searchDataTasks: [(page: Int, path: String)] = []
        for (index, page) in pages.enumerated() {
            let folder = page.settings.hasDetailPages || page.isSplit ? page.name : nil
            var keeps = false
            if let key = pageKeys[index], let entry = previous?.pages[page.name], entry.detailsKey == key.details,
               entry.folder == folder, folder.map(exists) ?? true, exists(page.name + ".json") {
                // Detail pages, section pages and the JSON twin hold no prose.
                keeps = true
                adoptions += (folder.map { [$0] } ?? []) + [page.name + ".json"]
            }
            keepsDetails.append(keeps)
            var files = [page.name + ".html", page.name + ".md", page.name + ".json"]
            if !page.hasSearch {
                searchDataPaths.append(nil)
            } else if let key = pageKeys[index], let entry = previous?.pages[page.name], entry.detailsKey == key.details,
                      case let kept = entry.files.filter({ $0.hasPrefix("assets/search-") }), let main = kept.first, kept.allSatisfy(exists) {
                searchDataPaths.append(main)
                files += kept
                adoptions += kept
            } else if let key = pageKeys[index] {
                let path = PageRenderer.searchDataPath(for: page, fingerprint: global + key.details)
                searchDataPaths.append(path)
                searchDataTasks.append((index, path))
                files += [path] + (SearchIndex.isSharded(page) ? [SearchIndex.shardFolder(page)] : [])
            } else {
                let data = PageRenderer.searchData(for: page)
                searchDataPaths.append(data.first?.path)
                fixed += data
            }
            if let key = pageKeys[index] {
                cache.pages[page.name] = BuildCache.Entry(
                    detailsKey: key.details, layoutKey: key.layout, listingKey: key.listing, title: page.title,
                    rowCount: page.rowCount, files: files, folder: folder)
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
            searchDataPaths: searchDataPaths, searchDataTasks: searchDataTasks, keepsDetails: keepsDetails, adoptions: adoptions.sorted(), splices: splices,
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
    static let cacheVersion = "almanac-0.1.0-cache-2"
}
