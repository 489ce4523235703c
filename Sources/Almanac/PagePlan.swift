import AlmanacCore
import AlmanacSource
import AlmanacModel
import AlmanacRender

/// What a build does with one page, decided from the bytes it reads and the last build's
/// cache: reuse it whole, put new prose into its listing files, or load and render it.
enum PagePlan: Sendable {
    /// Nothing it reads changed: its files are reused and it is not even parsed.
    case kept(name: String, entry: BuildCache.Page)
    /// Only its prose changed, and its listing files can take the new prose in place.
    case proseEdited(ProseEdit)
    /// Loaded and modelled, to be rendered (its unchanged files are still reused).
    case loaded(Page, keys: PageSource.PartKeys, sourceKey: String)

    /// A page whose prose alone changed.
    struct ProseEdit: Sendable {
        let name: String
        let entry: BuildCache.Page
        /// The new prose, rendered as the listing files show it.
        let prose: ProseText
        let sourceKey: String
        let listingKey: String
    }
}

/// Every page's plan, the home page's model, and what planning found.
struct PlannedPages {
    let plans: [PagePlan]
    let home: (page: Page, key: String)?
    let warnings: [Diagnostic]
    /// Pages whose data `serve`'s session held, parsed by an earlier build.
    let dataFromMemory: Int
}

extension SiteBuilder {
    /// The plan of every page and the home page's model, reading each page once, on every
    /// core. Reports every page that fails, not only the first.
    func planPages(_ inputs: SiteInputs, previous: BuildCache?) throws(DiagnosticList) -> PlannedPages {
        let output = options.outputPath
        // Beside the output: a folder the build writes to, on the disk the output goes to.
        let parent = Path.directory(of: fileSystem.resolved(output))
        let spillFolder: String? = fileSystem is DiskFileSystem ? (parent.isEmpty ? "/" : parent) : nil
        let results = Parallel.map(inputs.pages) { location in
            Result { () throws(Diagnostic) -> (PagePlan?, (page: Page, key: String)?, [Diagnostic], Bool) in
                var source = try PageSource(location, fileSystem: fileSystem, boundary: inputs.boundary, global: inputs.global)
                if location.name == "index" {
                    let (built, fromMemory) = try modelled(&source, prose: source.readProse(), site: inputs.site, strings: inputs.strings, spillFolder: nil)
                    return (nil, (built.page, source.key), source.warnings + built.warnings, fromMemory)
                }
                let entry = previous?.pages[location.name]
                if let entry, entry.key == source.key, Self.outputHasFiles(of: entry, previous: previous, fileSystem: fileSystem, output: output) {
                    return (.kept(name: location.name, entry: entry), nil, source.warnings, false)
                }
                let prose = source.readProse()
                let keys = source.partKeys(prose: prose)
                if let entry, let previous, entry.details == keys.details, entry.layout == keys.layout, !prose.isEmpty,
                   case let listing = entry.paths(withKey: entry.listingKey), !listing.isEmpty,
                   listing.allSatisfy({ previous.splices[$0] != nil }),
                   Self.outputHasFiles(of: entry, previous: previous, fileSystem: fileSystem, output: output) {
                    let edit = PagePlan.ProseEdit(
                        name: location.name, entry: entry, prose: ProseText(prose, allowsUnsafe: source.settings.allowsUnsafeMarkdown),
                        sourceKey: source.key, listingKey: keys.listing)
                    return (.proseEdited(edit), nil, source.warnings, false)
                }
                let (built, fromMemory) = try modelled(&source, prose: prose, site: inputs.site, strings: inputs.strings, spillFolder: spillFolder)
                let pictures = MissingPictures.warnings(built.page, staticFiles: inputs.siteInfo.staticFiles)
                return (.loaded(built.page, keys: keys, sourceKey: source.key), nil, source.warnings + built.warnings + pictures, fromMemory)
            }
        }
        var plans: [PagePlan] = []
        var home: (page: Page, key: String)?
        var warnings = inputs.warnings
        var errors: [Diagnostic] = []
        var dataFromMemory = 0
        for result in results {
            switch result {
            case .success(let (plan, homePage, pageWarnings, fromMemory)):
                if let plan { plans.append(plan) }
                if fromMemory { dataFromMemory += 1 }
                if let homePage { home = homePage }
                warnings += pageWarnings
            case .failure(let error):
                errors.append(error)
            }
        }
        if options.isStrict {
            errors += warnings.map { .error(at: $0.location, $0.message, hint: $0.hint) }
        }
        guard errors.isEmpty else { throw DiagnosticList(errors) }
        options.session?.keepOnly(pages: Set(inputs.pages.map(\.name)))
        return PlannedPages(plans: plans, home: home, warnings: options.isStrict ? [] : warnings, dataFromMemory: dataFromMemory)
    }

    /// The page's model, made from its data parsed now, or taken from `serve`'s session where
    /// the session holds the model made from the same bytes, or the data parsed from them.
    /// `fromMemory`: the data file was not parsed.
    func modelled(
        _ source: inout PageSource, prose: Prose, site: SiteSettings, strings: StringsCatalog, spillFolder: String?
    ) throws(Diagnostic) -> (model: BuildSession.Modelled, fromMemory: Bool) {
        let session = options.session, name = source.name
        if let model = session?.model(page: name, key: source.key) { return (model, source.data != nil) }
        let parseKey = source.parseKey
        var data: BuildSession.ParsedData
        var fromMemory = false
        if let parseKey, let kept = session?.data(page: name, key: parseKey) {
            (data, fromMemory) = (kept, true)
        } else {
            var warnings: [Diagnostic] = []
            data = BuildSession.ParsedData(shape: try source.parseData(warnings: &warnings, spillFolder: spillFolder), warnings: warnings)
            if let parseKey { session?.remember(data, page: name, key: parseKey) }
        }
        let built = try source.model(prose: prose, data: data.shape, site: site, strings: strings)
        let model = BuildSession.Modelled(page: built.page, warnings: data.warnings + built.warnings)
        session?.remember(model, page: name, key: source.key)
        return (model, fromMemory)
    }

    /// Whether every file the cache lists for a page is still in the output (someone may have
    /// deleted one by hand); checked in chunks on every core, as a page may have 100,000.
    static func outputHasFiles(of entry: BuildCache.Page, previous: BuildCache?, fileSystem: any FileSystem, output: String) -> Bool {
        let files = entry.paths
        return outputHas(files + files.flatMap { previous?.extraFiles[$0] ?? [] }, fileSystem: fileSystem, output: output)
    }

    /// Whether every one of `paths` is in the output, checked in chunks on every core.
    static func outputHas(_ paths: [String], fileSystem: any FileSystem, output: String) -> Bool {
        let chunks = stride(from: 0, to: paths.count, by: 4096).map { paths[$0..<min($0 + 4096, paths.count)] }
        return Parallel.map(chunks) { chunk in chunk.allSatisfy { fileSystem.exists(Path.join(output, $0)) } }.allSatisfy { $0 }
    }
}
