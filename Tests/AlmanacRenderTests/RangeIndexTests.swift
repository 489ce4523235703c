import AlmanacModel
import AlmanacRender
import Foundation
import Testing

/// The rows in the range's order a split page's filters read (RangeIndex): each value's records
/// in key order, and the index of keyed rows with its tallies, decoded as the browser decodes
/// them. The range is employees; Fir has none.
@Suite struct RangeIndexTests {
    typealias Fixture = BrowseDataTests

    @Test func aValuesRecordsHoldItsRowsWithEveryOtherFiltersValueAndTheChunksFirstKey() throws {
        let page = try Fixture.page()
        let (paths, files) = Fixture.files(page)
        let facets = try #require(page.facets)
        let names = Fixture.order(page)
        let software = try #require(facets.filters[0].values.firstIndex { $0.title == "Software" })
        let chunk = try #require(try Fixture.data(files, paths, "w0-\(software)-0") as? [[Any]])
        #expect(chunk.count == 4, "the rows, then a column for each of the three filters")
        var row = 0
        let rows = try #require(chunk[0] as? [Int]).map { row += $0; return row }
        #expect(rows == rows.sorted(), "a chunk's rows are ascending")
        #expect(Set(rows.map { names[$0] }) == ["Acme", "Birch", "Beech", "Elm"])
        #expect(chunk[1].isEmpty, "every row in it has the value: its own column is left out")
        let cities = try #require(chunk[2] as? [Int]).map { facets.filters[1].values[$0].title }
        #expect(chunk[3].isEmpty, "the keys are apart, read only where a range cuts the chunk")
        let sizes = try #require(try Fixture.data(files, paths, "x0-\(software)-0") as? [Int])
        #expect(sizes.count == rows.count)
        let beech = try #require(rows.firstIndex { names[$0] == "Beech" })
        #expect(cities[beech] == "Lyon")
        #expect(sizes[beech] == 7)
        // The manifest names the chunk by its first key: Software's fewest employees, Beech's 7.
        let manifestPath = try #require(paths.browseData)
        let manifest = try BrowserContractTests.registered(try #require(files[manifestPath]))
        #expect(manifest["rangeFilter"] as? Int == 2)
        let firsts = try #require(manifest["records"] as? [Any])
        #expect(firsts[2] is NSNull, "a range has no records of its own")
        let categories = try #require(firsts[0] as? [[Any]])
        #expect(categories[software] as? [Int] == [7])
        let food = try #require(facets.filters[0].values.firstIndex { $0.title == "Food" })
        #expect(categories[food].first is NSNull, "Fir, Food's one row, has no size")
    }

    @Test func theIndexHoldsKeyedRowsInKeyOrderAndEachBlocksTallies() throws {
        let page = try Fixture.page()
        let (paths, files) = Fixture.files(page)
        let facets = try #require(page.facets)
        let block = try #require(try Fixture.data(files, paths, "s-0") as? [Any])
        let keys = try #require(block[0] as? [Int])
        #expect(keys == [7, 12, 40, 120, 120], "Fir, without a size, is not in the index")
        let cities = try #require(block[2] as? [Int]).map { facets.filters[1].values[$0].title }
        #expect(cities == ["Lyon", "Berlin", "Paris", "Berlin", "Paris"], "ties in page order: Acme before Birch")
        #expect(block[3] is NSNull)
        let index = try #require(try Fixture.data(files, paths, "h") as? [Any])
        #expect(index[0] as? [Int] == [7])
        #expect(index[1] as? [Int] == [120])
        let tallies = try #require(index[2] as? [Any])
        let categories = try #require(tallies[0] as? [Int])
        let software = try #require(facets.filters[0].values.firstIndex { $0.title == "Software" })
        let retail = try #require(facets.filters[0].values.firstIndex { $0.title == "Retail" })
        let food = try #require(facets.filters[0].values.firstIndex { $0.title == "Food" })
        #expect(categories[software] == 4)
        #expect(categories[retail] == 2, "Elm counts under both its categories")
        #expect(categories[food] == 0, "Fir has no size")
    }

    @Test func aPageWithoutARangeHasNoIndexAndRecordsInPageOrder() throws {
        let page = try Fixture.page { $0.filters = [FilterSpec(field: "category", kind: .values), FilterSpec(field: "city", kind: .values)] }
        let (paths, files) = Fixture.files(page)
        let index = try #require(paths.browseFile("h"))
        #expect(files[index] == nil)
        let manifestPath = try #require(paths.browseData)
        let manifest = String(decoding: try #require(files[manifestPath]), as: UTF8.self)
        #expect(manifest.contains("\"rangeFilter\":null"))
        let chunk = try #require(try Fixture.data(files, paths, "w1-0-0") as? [[Any]])
        #expect(chunk.count == 3)
    }
}
