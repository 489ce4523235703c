import AlmanacCore
import AlmanacSource
import AlmanacRender
import Foundation

/// What the last successful build wrote: for every file in the output, the key of the inputs
/// it was made from ("path → input key"). A rebuild reuses exactly the files whose key is
/// unchanged — a set difference between its manifest and this — and renders the rest.
///
/// It lives with the site (`.almanac/build-cache.json` beside `Content/`), never beside the
/// output, and it names the tree it describes: the build id written into the output
/// (`.almanac-build`). A cache whose id differs from the output's — the output was built
/// with `--no-cache`, or a build was killed between the swap and saving the cache — is
/// ignored, so it can never serve one input's files for another.
struct BuildCache: Sendable {
    static let formatVersion = 5
    static let stampName = ".almanac-build"

    /// A page as the cache keeps it, so that an unchanged page is reused without being read.
    struct Page: Sendable {
        /// `PageSource.key`: every byte the page is made from.
        var key: String
        var details: String
        var layout: String
        /// The key of the listing files in document formats (the ones prose lands in).
        var listingKey: String
        var title: String
        var rowCount: Int
        /// The page's files with their input keys, in unit order: a list rather than files
        /// grouped by key, since each detail page has a key of its own and grouping 100,000 of
        /// them cost an array each, at the end of the build when memory is at its highest.
        var units: [Unit]

        struct Unit: Sendable {
            let path: String
            let key: String
        }

        var paths: [String] { units.map(\.path) }

        func paths(withKey key: String) -> [String] {
            units.compactMap { $0.key == key ? $0.path : nil }
        }
    }

    /// Everything site-wide: templates, site settings, static file names, this version.
    var global: String
    /// The id of the output tree this cache describes.
    var build: String
    var pages: [String: Page] = [:]
    /// Site-wide files (home page, assets, static files, sitemap), grouped by input key.
    var site: [String: [String]] = [:]
    /// Files a unit writes besides its own path: a sharded search index's shards.
    var extraFiles: [String: [String]] = [:]
    /// A fingerprint of each extra file's bytes: a unit that renders again (the search data
    /// of a page whose data changed) keeps those of its files that come out the same.
    var contentKeys: [String: String] = [:]
    /// Where the prose sits in listing files, for prose-only edits.
    var splices: [String: ProseSplice] = [:]

    /// The input key of every path, derived from the groups above.
    private(set) var keys: [String: String] = [:]

    init(global: String, build: String) {
        self.global = global
        self.build = build
    }

    /// `Content` → `.almanac/build-cache.json`, in the folder that holds the content.
    static func path(content: String) -> String {
        var folder = content
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return Path.join(Path.directory(of: folder), ".almanac", "build-cache.json")
    }

    static func stampPath(output: String) -> String { Path.join(output, stampName) }

    /// `.almanac/build.lock` beside the cache: held by each build of the site.
    static func lockPath(content: String) -> String {
        Path.join(Path.directory(of: path(content: content)), "build.lock")
    }

    /// The cache for this output as it is now, or nil when there is none, it is unreadable,
    /// anything site-wide changed, or it describes another tree.
    static func load(_ fileSystem: any FileSystem, content: String, output: String, global: String) -> BuildCache? {
        // An output with no stamp (a new folder) has no cache worth decoding.
        guard let stamp = try? fileSystem.read(stampPath(output: output)),
              let bytes = try? fileSystem.read(path(content: content)),
              let stored = stored(from: bytes),
              stored.format == formatVersion, stored.global == global,
              String(decoding: stamp, as: UTF8.self) == stored.build + "\n"
        else { return nil }
        var cache = BuildCache(global: stored.global, build: stored.build)
        cache.pages = stored.pages
        cache.site = stored.site
        cache.extraFiles = stored.extraFiles
        cache.contentKeys = stored.contentKeys
        cache.splices = stored.splices
        cache.indexKeys()
        return cache
    }

    /// Removes the cache, before a build that will not save one.
    static func remove(_ fileSystem: any FileSystem, content: String) throws {
        try fileSystem.remove(path(content: content))
    }

    /// Writes a temporary file beside the cache and renames it over the old one, so a kill
    /// leaves either the old cache or the new.
    func save(_ fileSystem: any FileSystem, content: String) throws {
        let target = Self.path(content: content)
        let folder = Path.directory(of: target)
        if !fileSystem.isDirectory(folder) { try fileSystem.createDirectory(folder) }
        let temporary = target + ".tmp"
        try fileSystem.write(to: temporary) { append in try writeFile(format: Self.formatVersion, to: append) }
        try fileSystem.move(temporary, to: target)
    }

    func key(of path: String) -> String? { keys[path] }

    /// The same cache, ready to answer `key(of:)`: one made by a build rather than loaded.
    func indexed() -> BuildCache {
        var cache = self
        cache.indexKeys()
        return cache
    }

    /// Whether this cache describes the output tree as it is now, with these site-wide inputs.
    func describes(output: String, global: String, in fileSystem: any FileSystem) -> Bool {
        guard global == self.global, let stamp = try? fileSystem.read(Self.stampPath(output: output)) else { return false }
        return String(decoding: stamp, as: UTF8.self) == build + "\n"
    }

    private mutating func indexKeys() {
        keys.reserveCapacity(pages.values.reduce(0) { $0 + $1.units.count } + site.count)
        for page in pages.values {
            for unit in page.units { keys[unit.path] = unit.key }
        }
        for (key, paths) in site {
            for path in paths { keys[path] = key }
        }
    }

    /// The file's shape, as `writeFile` writes it and `stored(from:)` reads it.
    struct Stored {
        var format: Int
        var global: String
        var build: String
        var pages: [String: Page]
        var site: [String: [String]]
        var extraFiles: [String: [String]]
        var contentKeys: [String: String]
        var splices: [String: ProseSplice]
    }
}
