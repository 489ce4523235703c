import AlmanacCore
import AlmanacRender
import Foundation

/// What the last successful build made, beside the output folder (`.Output.cache`), so that an
/// unchanged rebuild does little. Every entry is keyed by fingerprints of its inputs — the page
/// file, its data file, the templates, the site settings, this version of Almanac — and is used
/// only when those match and the files it names are still in the output. A page's detail
/// pages depend on its data and settings but not on its prose, so editing the prose re-renders
/// the listing alone.
struct BuildCache: Codable, Sendable {
    static let formatVersion = 2

    struct Entry: Codable, Sendable {
        /// Fingerprint of everything the detail and section pages depend on.
        var detailsKey: String
        /// `detailsKey` plus what places the prose (its headings, whether there is any).
        var layoutKey: String
        /// Everything the listing depends on.
        var listingKey: String
        var title: String
        var rowCount: Int
        /// Files at the top of the output (listing formats, search data).
        var files: [String]
        /// The folder of detail and section pages, when the page has one.
        var folder: String?
        /// Where the prose sits in each listing file, so a prose edit can be spliced in.
        var proseSpans: [String: PageRenderer.ProseSpan] = [:]
    }

    var format = BuildCache.formatVersion
    var global: String
    var pages: [String: Entry] = [:]

    init(global: String) {
        self.global = global
    }

    /// `Output` → `.Output.cache`, beside it.
    static func path(forOutput output: String) -> String {
        let parent = Path.directory(of: output)
        let name = "." + Path.fileName(of: output) + ".cache"
        return parent.isEmpty ? name : Path.join(parent, name)
    }

    /// The cache for `global`, or nil when there is none, it is unreadable, or anything global
    /// (templates, settings, version) changed.
    static func load(_ fileSystem: any FileSystem, output: String, global: String) -> BuildCache? {
        guard let bytes = try? fileSystem.read(path(forOutput: output)),
              let cache = try? JSONDecoder().decode(BuildCache.self, from: Data(bytes)),
              cache.format == formatVersion, cache.global == global
        else { return nil }
        return cache
    }

    func save(_ fileSystem: any FileSystem, output: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = [UInt8](try encoder.encode(self))
        let target = Self.path(forOutput: output)
        let temporary = target + ".tmp"
        try fileSystem.write(bytes, to: temporary)
        try? fileSystem.remove(target)
        try fileSystem.move(temporary, to: target)
    }
}
