import AlmanacCore
import Synchronization

/// What a long-running command (`serve`) keeps between its builds, so a rebuild does not read
/// back what the last one made: the cache of every unit's key, which a new process decodes from
/// JSON (a second of a 100,000-row site's rebuild), and the templates with everything parsed
/// from them, kept while the site's template files are byte for byte the same.
///
/// What it holds is only ever a shortcut: a cache is used only while the output's stamp still
/// names the build that made it, so a tree changed behind the session's back (another
/// `almanac build`) is read from the disk as any build would.
public final class BuildSession: Sendable {
    private struct Kept {
        var cache: BuildCache?
        var templates: (overrides: [String: [UInt8]], root: String, strict: Bool, templates: SiteTemplates)?
    }

    private let kept = Mutex(Kept())

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
}
