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
            "assets/search-rows.js", "rows.csv", "rows.json", "rows.md", "rows.ndjson", "rows/i-05000.html", "rows/sections/i.html",
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

    /// A split page grouped by town, its sections cut into parts, with detail pages or without:
    /// after each kind of edit, the section pages the build kept and those it made are what a
    /// build from nothing writes. A section page's key is made from its rows' keys and what
    /// every section page shows, so a value it shows that the key missed shows up here as a
    /// stale page: each edit changes one thing other section pages show without changing the
    /// rows they list.
    @Test(arguments: [true, false])
    func everyEditOfASplitPageBuildsWhatABuildFromNothingDoes(detail: Bool) throws {
        // 13 towns of 46 rows or so, each section two pages of at most 40 rows; names sort as
        // numbered within a town.
        let rows = (0..<600).map { "Name \(String(format: "%03d", $0)),Town\($0 % 13),\($0),note \($0)\n" }
        let fileSystem = MemoryFileSystem([
            "Content/rows.md": "---\ndata: rows.csv\ngroup: city\nfields: [note]\nsplit: 100\nsection_rows: 40\ndetail: \(detail)\n"
                + "footer: \"{{count}} rows\"\n---\nSome prose.\n",
            "Content/rows.csv": "name,city,code,note\n" + rows.joined(),
        ])
        _ = try BuildCacheTests.build(fileSystem)
        // Town0 holds Name 000, 013, 026, …: its 41st row, the first of its second page, is
        // Name 520, which its first page names as that page's guide word.
        let edits: [(String, String, (String) -> String)] = [
            ("a shown field", "Content/rows.csv", { $0.replacingOccurrences(of: "note 17\n", with: "note seventeen\n") }),
            ("a field no page shows", "Content/rows.csv", { $0.replacingOccurrences(of: ",17,", with: ",1700,") }),
            ("a label at a page's edge, which the section's other page names",
             "Content/rows.csv", { $0.replacingOccurrences(of: "Name 520,", with: "Name 519z,") }),
            ("a label, which moves the row", "Content/rows.csv", { $0.replacingOccurrences(of: "Name 130,", with: "Aardvark,") }),
            ("a section's title, its rows the same", "Content/rows.csv", { $0.replacingOccurrences(of: ",Town3,", with: ",Harbour,") }),
            ("a row added", "Content/rows.csv", { $0 + "Name 600,Town1,600,note\n" }),
            ("a row removed", "Content/rows.csv", { $0.replacingOccurrences(of: "Name 044,Town5,44,note 44\n", with: "") }),
            ("a new section", "Content/rows.csv", { $0 + "Zed,Town99,601,note\n" }),
            ("the fields shown", "Content/rows.md", { $0.replacingOccurrences(of: "fields: [note]", with: "fields: [note, code]") }),
            ("a prose heading", "Content/rows.md", { $0 + "\n## Town1\n" }),
            ("the footer", "Content/rows.md", { $0.replacingOccurrences(of: "{{count}} rows", with: "{{count}} names") }),
        ]
        for (what, path, change) in edits {
            let before = try fileSystem.readText(path)
            try BuildCacheTests.edit(fileSystem, path, change)
            #expect(try fileSystem.readText(path) != before, "the edit '\(what)' changes the file")
            _ = try BuildCacheTests.build(fileSystem)
            #expect(fileSystem.tree("Output") == (try BuildCacheTests.fresh(fileSystem)), "after \(what)")
        }
    }
}
