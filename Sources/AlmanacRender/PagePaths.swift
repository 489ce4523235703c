import AlmanacCore
import AlmanacModel

/// Every path a page writes, relative to the output root, decided here and nowhere else: the
/// listing in each format, the detail pages, a split page's section pages, the search data and
/// its shards. Renderers ask this value for the links they write, and the build for the files
/// it plans, so the two cannot disagree.
public struct PagePaths: Sendable {
    public let name: String
    /// Each section's file name on a split page, unique within the page; empty otherwise.
    public let sectionFiles: [String]
    /// The search data file pages name; nil when the page has no search.
    public let searchData: String?
    /// The folder of the search data's shards, when it is sharded.
    public let shardFolder: String?

    /// `inputKey` fingerprints everything the search data depends on, so its file name changes
    /// whenever its content may and browsers never keep a stale copy.
    public init(page: Page, inputKey: String) {
        name = page.name
        if page.isSplit {
            var allocator = SlugAllocator()
            sectionFiles = page.sections.map { allocator.allocate($0.id, fallback: "section") }
        } else {
            sectionFiles = []
        }
        searchData = page.hasSearch ? "assets/" + ContentHash.name("search-" + page.name + ".js", for: Array(inputKey.utf8)) : nil
        shardFolder = page.hasSearch && SearchIndex.isSharded(page) ? "assets/search-" + page.name : nil
    }

    public static func home(_ format: OutputFormat) -> String { "index." + format.suffix }

    public func listing(_ format: OutputFormat) -> String { Self.listing(name, format) }

    /// A page's listing, by its name alone (for pages the build keeps without loading).
    public static func listing(_ name: String, _ format: OutputFormat) -> String { name + "." + format.suffix }

    public func detail(_ row: Row) -> String { name + "/" + row.slug + ".html" }

    public func section(_ index: Int) -> String { name + "/sections/" + sectionFiles[index] + ".html" }

    public func shard(key: String, page: Int) -> String? {
        shardFolder.map { $0 + "/" + key.utf8.map { String($0, radix: 16) }.joined() + "-" + String(page) + ".js" }
    }
}
