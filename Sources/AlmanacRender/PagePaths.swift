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
    /// How each section of a split page is cut into pages; empty otherwise.
    public let sectionParts: [SectionParts]
    /// The search data file; nil when the page has no search.
    public let searchData: String?
    /// What a split page's listing and section pages name for their search data: a file of
    /// a name that does not change, saying which `searchData` is this build's. A changed row
    /// changes the search data, and naming it directly made every section page change too.
    public let searchEntry: String?
    /// The folder of the search data's shards, when it is sharded.
    public let shardFolder: String?
    /// A split page's filter and order data (`BrowseData`): its manifest, named for its
    /// inputs; the entry of a fixed name that says which manifest is this build's; the folder
    /// of the files the manifest describes. Nil unless the page is split and has `filters:`
    /// or `sortable:`.
    public let browseData: String?
    public let browseEntry: String?
    public let browseFolder: String?

    /// `inputKey` fingerprints everything the search data depends on, so its file name changes
    /// whenever its content may and browsers never keep a stale copy.
    public init(page: Page, inputKey: String) {
        name = page.name
        if page.isSplit {
            var allocator = SlugAllocator()
            sectionFiles = page.sections.map { allocator.allocate($0.id, fallback: "section") }
            sectionParts = page.sections.map { SectionParts($0, rowsPerPage: page.settings.sectionPageRows) }
        } else {
            sectionFiles = []
            sectionParts = []
        }
        searchData = page.hasSearch ? "assets/" + ContentHash.name("search-" + page.name + ".js", for: Array(inputKey.utf8)) : nil
        searchEntry = page.hasSearch && page.isSplit ? "assets/search-" + page.name + ".js" : nil
        shardFolder = page.hasSearch && SearchIndex.isSharded(page) ? "assets/search-" + page.name : nil
        let browses = page.isSplit && page.facets != nil
        browseData = browses ? "assets/" + ContentHash.name("browse-" + page.name + ".js", for: Array(inputKey.utf8)) : nil
        browseEntry = browses ? "assets/browse-" + page.name + ".js" : nil
        browseFolder = browses ? "assets/browse-" + page.name : nil
    }

    public static func home(_ format: OutputFormat) -> String { "index." + format.suffix }

    public func listing(_ format: OutputFormat) -> String { Self.listing(name, format) }

    /// A page's listing, by its name alone (for pages the build keeps without loading).
    public static func listing(_ name: String, _ format: OutputFormat) -> String { name + "." + format.suffix }

    public func detail(_ row: Row) -> String { name + "/" + row.slug + ".html" }

    /// A section's page, or one of the pages of a long section: `a.html`, `a.2.html`, … (a
    /// dot, which section file names never hold, keeps the parts apart from other sections).
    public func section(_ index: Int, part: Int = 0) -> String {
        name + "/sections/" + sectionFile(index, part: part)
    }

    /// The same, relative to another page of the same folder.
    public func sectionFile(_ index: Int, part: Int = 0) -> String {
        sectionFiles[index] + (part == 0 ? "" : "." + String(part + 1)) + ".html"
    }

    /// The page of a split listing that shows the row at `position` of a section.
    public func section(_ index: Int, showing position: Int) -> String {
        section(index, part: sectionParts[index].part(of: position))
    }

    /// A file of the browse data by its stem (`v0-3`, `r12`), as the browser names it too.
    public func browseFile(_ stem: String) -> String? {
        browseFolder.map { $0 + "/" + stem + ".js" }
    }

    public func shard(key: String, page: Int) -> String? {
        shardFile(key: key, suffix: String(page))
    }

    /// The rows of a leaf of more than one page, as row numbers alone (`SearchIndex.shardRows`).
    public func shardRows(key: String) -> String? {
        shardFile(key: key, suffix: SearchIndex.shardRowsSuffix)
    }

    /// Each filter's value of those rows (`SearchIndex.shardValuesSuffix`).
    public func shardValues(key: String) -> String? {
        shardFile(key: key, suffix: SearchIndex.shardValuesSuffix)
    }

    private func shardFile(key: String, suffix: String) -> String? {
        shardFolder.map { $0 + "/" + key.utf8.map { String($0, radix: 16) }.joined() + "-" + suffix + ".js" }
    }
}
