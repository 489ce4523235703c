import AlmanacCore
import AlmanacSource
import AlmanacModel
import AlmanacRender

/// Every file a build writes, decided in one place: each page expanded into its output units
/// (`PageOutputs`), the home page in each format that has one, the assets, static files and
/// sitemap, and the build's stamp. Each unit has its path, the key of its inputs and the work
/// that makes it; the emitter reuses a unit whose key the last build's cache holds for the same
/// path and renders the rest. Two units can never share a path: that is checked here, once.
struct SiteManifest: Sendable {
    struct Unit: Sendable {
        let path: String
        let key: String
        let work: Work
        /// The page whose file it is; nil for the site's own files.
        var page: String? = nil
    }

    enum Work: Sendable {
        /// Bytes known before rendering: assets, the sitemap, the stamp.
        case fixed(Artifact)
        /// A file of the site's static folder, copied as it is.
        case staticFile(Artifact)
        case home(OutputFormat)
        /// A unit of `pages[page]`.
        case page(Int, PageOutputs.Unit)
        /// A listing file of `edits[edit]` that takes the page's new prose in place.
        case splice(Int, OutputFormat)
        /// A file of a page kept whole: reused from the last build, never rendered.
        case kept
    }

    let units: [Unit]
    /// The pages this build loaded, in the order `Work.page` refers to them.
    let pages: [PageOutputs]
    let edits: [PagePlan.ProseEdit]
    /// Nil for a one-page site, which has no home page.
    let home: Page?
    let summaries: [PageSummary]
    /// The output's identity: a fingerprint of every unit's path and key, written into the
    /// tree as `.almanac-build` and into the cache that describes it.
    let buildID: String
    let global: String
    /// What the cache will say of each page besides its files.
    let entries: [String: BuildCache.Page]
    /// Pages reused whole, without being loaded.
    let keptPageCount: Int

    /// `homeKey`: the key of what the home page is made from (`index.md`).
    init(_ inputs: SiteInputs, plans: [PagePlan], home: Page, homeKey: String) throws(DiagnosticList) {
        var expansion = PageExpansion(global: inputs.global)
        for plan in plans { expansion.add(plan) }
        var units = expansion.units
        let summaries = SiteBuilder.homeListing(expansion.summaries, locale: inputs.site.locale)
        let pagePaths = units.compactMap { $0.path.hasSuffix(".html") ? $0.path : nil }
        units += Self.siteUnits(inputs, home: home, homeKey: homeKey, summaries: summaries, pagePaths: pagePaths)
        // Checking for clashes and fingerprinting each pass over every unit (106,000 at
        // 100,000 rows) and neither needs the other: they run side by side.
        let (finished, pages, staticRoot) = (units, expansion.pages, inputs.staticRoot)
        let outcomes = Parallel.map([false, true]) { fingerprints -> Result<String, DiagnosticList> in
            if fingerprints { return .success(Self.identity(of: finished)) }
            return Result { () throws(DiagnosticList) in
                try Self.checkClashes(finished, pages: pages, staticRoot: staticRoot)
                return ""
            }
        }
        _ = try outcomes[0].get()
        let buildID = try outcomes[1].get()
        let stamp = Artifact(path: BuildCache.stampName, text: buildID + "\n")
        units.append(Unit(path: stamp.path, key: buildID, work: .fixed(stamp)))
        self.units = units
        self.pages = expansion.pages
        self.edits = expansion.edits
        self.home = home
        self.summaries = summaries
        self.buildID = buildID
        self.global = inputs.global
        self.entries = expansion.entries
        self.keptPageCount = expansion.keptPageCount
    }

    /// A site of one page and its `files` (the assets its HTML links to), no home page, no
    /// sitemap and no stamp: what `almanac render` writes into a folder it does not own.
    /// `key` is what the whole page is made of; no unit is kept from an earlier output.
    init(onePage outputs: PageOutputs, key: String, files: [Artifact]) throws(DiagnosticList) {
        var expansion = PageExpansion(global: "")
        expansion.add(outputs, keys: PageSource.PartKeys(whole: key), sourceKey: key)
        var units = expansion.units
        for index in units.indices { units[index].page = outputs.page.name }
        units += files.map { Unit(path: $0.path, key: ContentHash.fingerprint([$0.bytes]), work: .fixed($0)) }
        try Self.checkClashes(units, pages: expansion.pages, staticRoot: "")
        self.units = units
        self.pages = expansion.pages
        self.edits = []
        self.home = nil
        self.summaries = expansion.summaries
        self.buildID = Self.identity(of: units)
        self.global = ""
        self.entries = expansion.entries
        self.keptPageCount = 0
    }

    /// The pages' units, gathered plan by plan: a kept page's from the cache, a prose-edited
    /// page's from the cache with its listings to splice, a loaded page's from its outputs.
    struct PageExpansion {
        let global: String
        var units: [Unit] = []
        var pages: [PageOutputs] = []
        var edits: [PagePlan.ProseEdit] = []
        var summaries: [PageSummary] = []
        var entries: [String: BuildCache.Page] = [:]
        var keptPageCount = 0

        mutating func add(_ plan: PagePlan) {
            let first = units.count
            let name: String
            switch plan {
            case .kept(let kept, let entry):
                name = kept
                keptPageCount += 1
                units += SiteManifest.cachedUnits(entry)
                summaries.append(PageSummary(name: name, title: entry.title, rowCount: entry.rowCount))
                entries[name] = entry
            case .proseEdited(let edit):
                name = edit.name
                add(edit)
            case .loaded(let page, let keys, let sourceKey):
                name = page.name
                add(PageOutputs(page: page, paths: PagePaths(page: page, inputKey: global + keys.details)), keys: keys, sourceKey: sourceKey)
            }
            for index in first..<units.count { units[index].page = name }
        }

        /// A loaded page's units, each keyed by what it shows.
        mutating func add(_ outputs: PageOutputs, keys: PageSource.PartKeys, sourceKey: String) {
            let page = outputs.page
            units.reserveCapacity(units.count + outputs.unitCount)
            let index = pages.count
            let rowKeys = SiteManifest.rowKeys(of: outputs, keys)
            let shared = page.isSplit ? outputs.sectionPagesInputs() : []
            outputs.forEachUnit { path, unit in
                let key = switch unit {
                case .detail(let section, let position): rowKeys[section][position]
                case .sectionPage(let section, let part):
                    SiteManifest.sectionPageKey(outputs, section: section, part: part, shared: shared, rowKeys: rowKeys, keys)
                default: SiteManifest.key(of: unit, keys)
                }
                units.append(Unit(path: path, key: key, work: .page(index, unit)))
            }
            pages.append(outputs)
            summaries.append(PageSummary(name: page.name, title: page.title, rowCount: page.rowCount))
            entries[page.name] = BuildCache.Page(
                key: sourceKey, details: keys.details, layout: keys.layout, listingKey: keys.listing, title: page.title,
                rowCount: page.rowCount, units: [])
        }

        /// The listing files take the new prose; every other file is kept.
        private mutating func add(_ edit: PagePlan.ProseEdit) {
            let listing = Set(edit.entry.paths(withKey: edit.entry.listingKey))
            let index = edits.count
            units += SiteManifest.cachedUnits(edit.entry).map { unit in
                guard listing.contains(unit.path), let format = OutputFormat.all.first(where: { PagePaths.listing(edit.name, $0) == unit.path })
                else { return unit }
                return Unit(path: unit.path, key: edit.listingKey, work: .splice(index, format))
            }
            edits.append(edit)
            summaries.append(PageSummary(name: edit.name, title: edit.entry.title, rowCount: edit.entry.rowCount))
            var entry = edit.entry
            entry.key = edit.sourceKey
            entry.listingKey = edit.listingKey
            entries[edit.name] = entry
        }
    }

    /// The cache that describes the tree this manifest makes, once the emitter has said where
    /// prose landed and which extra files units wrote.
    func cache(splices: [String: ProseSplice], extraFiles: [String: [String]], contentKeys: [String: String]) -> BuildCache {
        var cache = BuildCache(global: global, build: buildID)
        var pages = entries.mapValues { entry in
            var entry = entry
            entry.units = []
            return entry
        }
        for unit in units {
            if let page = unit.page {
                pages[page]?.units.append(BuildCache.Page.Unit(path: unit.path, key: unit.key))
            } else {
                cache.site[unit.key, default: []].append(unit.path)
            }
        }
        cache.pages = pages
        cache.splices = splices
        cache.extraFiles = extraFiles
        cache.contentKeys = contentKeys
        return cache
    }

    /// A loaded page's unit keys besides its detail pages': listings in document formats
    /// change with the prose; every other file of the page with its data, settings and prose
    /// headings.
    static func key(of unit: PageOutputs.Unit, _ keys: PageSource.PartKeys) -> String {
        if case .listing(let format) = unit, !format.isData { return keys.listing }
        return keys.details
    }

    /// The key of each row, by section: its page's settings and what its detail page shows of
    /// it and its neighbours (`PageOutputs.detailInputs`), which is also all a section page
    /// shows of it. A detail page's key is its row's; a section page's is made from its rows'.
    /// Made on every core, a few thousand rows at a time: each reads its row's fields whole.
    /// Empty for a page with neither detail pages nor section pages.
    static func rowKeys(of outputs: PageOutputs, _ keys: PageSource.PartKeys) -> [[String]] {
        let page = outputs.page
        guard page.isSplit || page.settings.hasDetailPages else { return page.sections.map { _ in [] } }
        let places = page.sections.indices.flatMap { section in page.sections[section].rows.indices.map { (section, $0) } }
        let settings = Array(keys.settings.utf8)
        let chunks = stride(from: 0, to: places.count, by: 4096).map { $0..<min($0 + 4096, places.count) }
        var flat = Parallel.map(chunks) { range in
            range.map { ContentHash.shortFingerprint([settings, outputs.detailInputs(section: places[$0].0, position: places[$0].1)]) }
        }.flatMap { $0 }.makeIterator()
        return page.sections.map { section in section.rows.map { _ in flat.next() ?? "" } }
    }

    /// A section page's key: what every section page shows and the keys of the rows it lists.
    static func sectionPageKey(
        _ outputs: PageOutputs, section: Int, part: Int, shared: [UInt8], rowKeys: [[String]], _ keys: PageSource.PartKeys
    ) -> String {
        let rows = rowKeys[section][outputs.paths.sectionParts[section].ranges[part]]
        return ContentHash.fingerprint([Array(keys.shape.utf8), shared, Array(rows.joined(separator: "\u{0}").utf8)])
    }

    /// A cached page's units, all reused from the last build.
    static func cachedUnits(_ entry: BuildCache.Page) -> [Unit] {
        entry.units.map { Unit(path: $0.path, key: $0.key, work: .kept) }
    }

    /// A fingerprint of every path with its key, taken in path order so that a page kept
    /// from the cache and the same page rendered give the same id.
    static func identity(of units: [Unit]) -> String {
        let order = units.indices.sorted { units[$0].path.precedesInUTF8(units[$1].path) }
        var bytes: [UInt8] = []
        for index in order {
            bytes += units[index].path.utf8
            bytes.append(0)
            bytes += units[index].key.utf8
            bytes.append(0)
        }
        return ContentHash.fingerprint([bytes])
    }

    /// The home page, the assets, the static files and the sitemap (of the home page and
    /// `pagePaths`, every HTML file of the pages).
    static func siteUnits(_ inputs: SiteInputs, home: Page, homeKey: String, summaries: [PageSummary], pagePaths: [String]) -> [Unit] {
        // The home page lists every page with its title and row count.
        let listed = summaries.map { "\($0.name)\u{0}\($0.title)\u{0}\($0.rowCount)" }.joined(separator: "\u{1}")
        let key = ContentHash.fingerprint([Array(inputs.global.utf8), Array(homeKey.utf8), Array(listed.utf8)])
        var units = OutputFormat.all.filter(\.rendersHome).map { format in
            Unit(path: PagePaths.home(format), key: key, work: .home(format))
        }
        let unit = { (artifact: Artifact, work: Work) in Unit(path: artifact.path, key: ContentHash.fingerprint([artifact.bytes]), work: work) }
        units += inputs.templates.assets.map { unit($0, .fixed($0)) }
        units += inputs.staticArtifacts.map { unit($0, .staticFile($0)) }
        units += Sitemap.files(site: inputs.siteInfo, pages: [PagePaths.home(.html)] + pagePaths).map { unit($0, .fixed($0)) }
        return units
    }

    /// No two units may write one path, and no unit may write where another needs a folder
    /// (a static file `birds` beside detail pages in `birds/`), into a shard folder, or over
    /// a search entry.
    static func checkClashes(_ units: [Unit], pages: [PageOutputs], staticRoot: String) throws(DiagnosticList) {
        var paths = Set<String>()
        paths.reserveCapacity(units.count)
        var clashes: [(first: Int, second: Int?, path: String)] = []
        let owner = { (path: String) in units.firstIndex { $0.path == path } ?? 0 }
        for (index, unit) in units.enumerated() where !paths.insert(unit.path).inserted {
            clashes.append((owner(unit.path), index, unit.path))
        }
        let shardFolders = pages.compactMap(\.paths.shardFolder) + pages.compactMap(\.paths.browseFolder)
        let entries = Set(pages.compactMap(\.paths.searchEntry) + pages.compactMap(\.paths.browseEntry))
        var folders = Set<String>()
        for (index, unit) in units.enumerated() {
            var folder = Path.directory(of: unit.path)
            // Folders already seen were checked, with every folder above them.
            while !folder.isEmpty, folders.insert(folder).inserted {
                if paths.contains(folder) { clashes.append((owner(folder), index, folder)) }
                folder = Path.directory(of: folder)
            }
            if case .staticFile = unit.work, entries.contains(unit.path) || shardFolders.contains(where: { unit.path.hasPrefix($0 + "/") }) {
                clashes.append((index, nil, unit.path))
            }
        }
        guard !clashes.isEmpty else { return }
        throw DiagnosticList(clashes.map { clash in
            let involved = [clash.first] + (clash.second.map { [$0] } ?? [])
            let staticFile = involved.lazy.map { units[$0] }.first { unit in
                if case .staticFile = unit.work { return true }
                return false
            }
            let page = involved.lazy.compactMap { index -> SourceLocation? in
                if case .page(let page, _) = units[index].work { return pages[page].page.source }
                return nil
            }.first
            return .error(
                at: staticFile.map { SourceLocation(path: Path.join(staticRoot, $0.path)) } ?? page,
                "two files would be written to \(clash.path)",
                hint: staticFile != nil ? "rename the file in the static folder that clashes with a generated page" : "rename one of the pages")
        })
    }
}

