import AlmanacCore
import AlmanacModel

/// What a long-running command (`serve`) keeps between its builds, so a rebuild does not read
/// back what the last one made: the cache of every unit's key, which a new process decodes from
/// JSON (a second of a 100,000-row site's rebuild); the templates with everything parsed
/// from them, kept while the site's template files are byte for byte the same; and each page's
/// parsed data and model, so an edit to a page's front matter or prose does not parse its
/// 50 MB data file again, and a page whose inputs are all unchanged is not modelled again.
///
/// The page parts are held between builds, so `serve` keeps about the memory a build of the
/// site peaks at; a page that is gone, or whose data changed, lets its old parts go.
///
/// What it holds is only ever a shortcut: a cache is used only while the output's stamp still
/// names the build that made it, so a tree changed behind the session's back (another
/// `almanac build`) is read from the disk as any build would.
public final class BuildSession: Sendable {
    private struct Kept {
        var cache: BuildCache?
        var templates: (overrides: [String: [UInt8]], root: String, strict: Bool, templates: SiteTemplates)?
        /// By page name: the data as parsed, under `PageSource.parseKey`.
        var data: [String: (key: String, data: ParsedData)] = [:]
        /// By page name: the model, under `PageSource.key` (every byte the page is made of).
        var models: [String: (key: String, model: Modelled)] = [:]
    }

    /// A page's data file as parsed, with what the reader warned of.
    struct ParsedData: Sendable {
        let shape: DatasetShape?
        let warnings: [Diagnostic]
    }

    /// A page's model, with what reading and modelling it warned of.
    struct Modelled: Sendable {
        let page: Page
        let warnings: [Diagnostic]
    }

    private let kept = Locked(Kept())

    public init() {}

    /// The last build's cache, when it describes `output` as it is now.
    func cache(output: String, global: String, fileSystem: any FileSystem) -> BuildCache? {
        guard let cache = kept.withLock({ $0.cache }), cache.describes(output: output, global: global, in: fileSystem) else { return nil }
        return cache
    }

    func remember(_ cache: BuildCache) {
        let indexed = cache.indexed()
        kept.withLock { $0.cache = indexed }
    }

    /// The templates made from these files last time, or new ones (kept for next time).
    func templates(overrides: [String: [UInt8]], root: String, strict: Bool) -> SiteTemplates {
        if let known = kept.withLock({ $0.templates }), known.overrides == overrides, known.root == root, known.strict == strict {
            return known.templates
        }
        let made = SiteTemplates(overrides: overrides, overrideRoot: root, strictNames: strict)
        kept.withLock { $0.templates = (overrides, root, strict, made) }
        return made
    }

    /// The data a page parsed last time under the same key, if any.
    func data(page: String, key: String) -> ParsedData? {
        kept.withLock { $0.data[page] }.flatMap { $0.key == key ? $0.data : nil }
    }

    func remember(_ data: ParsedData, page: String, key: String) {
        kept.withLock { $0.data[page] = (key, data) }
    }

    /// The model a page had last time under the same key, if any.
    func model(page: String, key: String) -> Modelled? {
        kept.withLock { $0.models[page] }.flatMap { $0.key == key ? $0.model : nil }
    }

    func remember(_ model: Modelled, page: String, key: String) {
        kept.withLock { $0.models[page] = (key, model) }
    }

    /// Lets go of the parts of pages the site no longer has.
    func keepOnly(pages: Set<String>) {
        kept.withLock { kept in
            kept.data = kept.data.filter { pages.contains($0.key) }
            kept.models = kept.models.filter { pages.contains($0.key) }
        }
    }
}
