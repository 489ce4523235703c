import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// A changed row renders what shows it — its detail page, its neighbours' (which name it in
/// previous and next), the listings, section pages and search files that hold it — and every
/// other file is kept; what comes out is what a build from nothing writes.
@Suite struct ChangedRowTests {
    static let rowCount = 10_000

    /// Row `index` is `I 05000`: sections A–Z, and within one its rows 26 apart.
    static func line(_ index: Int, city: String? = nil) -> String {
        let letter = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")[index % 26]
        return "\(letter) \(String(format: "%05d", index)),\(city ?? "Town\(index % 97)")\n"
    }

    /// A 10,000-row page with detail pages: split into section pages, its search sharded.
    static func site() -> MemoryFileSystem {
        MemoryFileSystem([
            "Content/rows.md": "---\ndata: rows.csv\nfields: [city]\ndetail: true\n---\n",
            "Content/rows.csv": "name,city\n" + (0..<rowCount).map { line($0) }.joined(),
        ])
    }

    @Test func aChangedRowRendersTensOfFilesAndAnAddedOrRemovedOneItsNeighboursToo() throws {
        let fileSystem = Self.site()
        let first = try BuildCacheTests.build(fileSystem)
        #expect(first.fileCount > Self.rowCount)

        let before = fileSystem.tree("Output")
        try BuildCacheTests.edit(fileSystem, "Content/rows.csv") { $0.replacingOccurrences(of: Self.line(5000), with: Self.line(5000, city: "Lagos")) }
        let changed = try BuildCacheTests.build(fileSystem)
        #expect(changed.fileCount < 30, "rendered \(changed.fileCount) files for one changed row")
        #expect(changed.reusedFiles > first.fileCount - 30)
        // What changed on the disk is what shows the row: its detail page and section page, the
        // twins, the search data (its entry, and the shards of the row's old and new words).
        let after = fileSystem.tree("Output")
        let differ = after.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(differ.filter { !$0.hasPrefix("assets/search-rows/") } == [
            ".almanac-build", differ.first { $0.hasPrefix("assets/search-rows.") && $0 != "assets/search-rows.js" } ?? "the search data",
            "assets/search-rows.js", "rows.json", "rows.md", "rows/i-05000.html", "rows/sections/i.html",
        ])
        #expect(differ.filter { $0.hasPrefix("assets/search-rows/") }.count < 10)
        #expect(changed.fileCount == differ.count, "the summary counts the files that changed")
        #expect(fileSystem.text("Output/rows/i-05000.html")?.contains("Lagos") == true)

        // `I 05000` sorts between `I 04974` and `I 05026`, which name it as previous and next.
        try BuildCacheTests.edit(fileSystem, "Content/rows.csv") { $0.replacingOccurrences(of: Self.line(5000, city: "Lagos"), with: "") }
        let removed = try BuildCacheTests.build(fileSystem)
        #expect(removed.fileCount < Self.rowCount / 2, "rendered \(removed.fileCount) files for one removed row")
        #expect(!fileSystem.exists("Output/rows/i-05000.html"))
        #expect(fileSystem.text("Output/rows/i-04974.html")?.contains(#"href="i-05026.html""#) == true)
        #expect(fileSystem.text("Output/rows/i-05026.html")?.contains(#"href="i-04974.html""#) == true)

        try BuildCacheTests.edit(fileSystem, "Content/rows.csv") { $0 + Self.line(5000) }
        let added = try BuildCacheTests.build(fileSystem)
        #expect(added.fileCount < Self.rowCount / 2, "rendered \(added.fileCount) files for one added row")
        #expect(fileSystem.text("Output/rows/i-04974.html")?.contains(#"href="i-05000.html""#) == true)
        #expect(fileSystem.text("Output/rows/i-05026.html")?.contains(#"href="i-05000.html""#) == true)
        #expect(fileSystem.tree("Output") == (try BuildCacheTests.fresh(fileSystem)))
    }
}
