import AlmanacCore
import AlmanacModel
import AlmanacRender
import Foundation
import Testing

/// The files a split page's filters, counts and Sort by read: what each holds, decoded as the
/// browser decodes it.
@Suite struct BrowseDataTests {
    /// Six companies in three sections; Elm is in two categories and Fir has no size or date.
    static let companies: [[String: Value]] = [
        ["name": .string("Acme"), "category": .string("Software"), "city": .string("Berlin"), "founded": .string("1999-04-12"), "employees": .number(Number(120))],
        ["name": .string("Alder"), "category": .string("Retail"), "city": .string("Berlin"), "founded": .string("2004-01-01"), "employees": .number(Number(12))],
        ["name": .string("Birch"), "category": .string("Software"), "city": .string("Paris"), "founded": .string("2004-06-30"), "employees": .number(Number(120))],
        ["name": .string("Beech"), "category": .string("Software"), "city": .string("Lyon"), "founded": .string("1990-01-01"), "employees": .number(Number(7))],
        ["name": .string("Elm"), "category": .list([.string("Retail"), .string("Software")]), "city": .string("Paris"), "founded": .string("1999-12-31"), "employees": .number(Number(40))],
        ["name": .string("Fir O'Neil"), "category": .string("Food"), "city": .string("Berlin")],
    ]

    static func page(_ configure: (inout PageSettings) -> Void = { _ in }) throws -> Page {
        var settings = PageSettings()
        settings.data = "c.csv"
        settings.label = "name"
        settings.splitThreshold = 2
        settings.filters = [FilterSpec(field: "category", kind: .values), FilterSpec(field: "city", kind: .values), FilterSpec(field: "employees", kind: .range)]
        settings.sortable = ["employees"]
        configure(&settings)
        let records = companies.map { fields in
            Record(fields: Object(fields.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) }), location: SourceLocation(path: "c.csv"))
        }
        return try PageBuilder().build(.init(name: "c", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "c.md"))).page
    }

    static func files(_ page: Page, inputKey: String = "k") -> (paths: PagePaths, files: [String: [UInt8]]) {
        let paths = PagePaths(page: page, inputKey: inputKey)
        return (paths, Dictionary(uniqueKeysWithValues: BrowseData.artifacts(for: page, paths: paths).map { ($0.path, $0.bytes) }))
    }

    /// A data file's JSON, as `JSON.parse` gets it from the script's string.
    static func json(_ script: [UInt8]?, name: String) throws -> Any {
        let text = String(decoding: try #require(script), as: UTF8.self)
        let head = "document.dispatchEvent(new CustomEvent(\"almanac:data\",{detail:[\"file\",\"c/\(name)\",JSON.parse('"
        #expect(text.hasPrefix(head))
        #expect(text.hasSuffix("')]}));\n"))
        var string = ""
        var escaped = false
        for character in text.dropFirst(head.count).dropLast(8) {
            if escaped {
                string.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                #expect(character != "'", "an unescaped quote would end the string")
                string.append(character)
            }
        }
        return try JSONSerialization.jsonObject(with: Data(string.utf8), options: [.fragmentsAllowed])
    }

    static func data(_ files: [String: [UInt8]], _ paths: PagePaths, _ stem: String) throws -> Any {
        let path = try #require(paths.browseFile(stem))
        return try json(files[path], name: stem)
    }

    /// Page order: the rows as the page numbers them, by label.
    static func order(_ page: Page) -> [String] { page.sections.flatMap { $0.rows.map(\.label) } }

    @Test func aValuesRowsAreListedAscendingAsDifferences() throws {
        let page = try Self.page()
        let (paths, files) = Self.files(page)
        let facets = try #require(page.facets)
        let software = try #require(facets.filters[0].values.firstIndex { $0.title == "Software" })
        let differences = try #require(try Self.data(files, paths, "v0-\(software)") as? [Int])
        var row = 0
        let rows = differences.map { row += $0; return row }
        let names = Self.order(page)
        #expect(rows.map { names[$0] } == names.filter { ["Acme", "Birch", "Beech", "Elm"].contains($0) })
    }

    @Test func ordersKeepTiesInPageOrderAndRowsWithoutAValueLastBothWays() {
        let ranks: [Int32] = [1, 0, -1, 1, 0, 2]
        #expect(BrowseData.order(ranks, descending: false) == [1, 4, 0, 3, 5, 2])
        #expect(BrowseData.order(ranks, descending: true) == [5, 0, 3, 1, 4, 2])
    }

    @Test func theOrderFilesHoldEveryRowInTheOrderSortBySays() throws {
        let page = try Self.page()
        let (paths, files) = Self.files(page)
        let names = Self.order(page)
        // Sorts are the label, then employees.
        let up = try #require(try Self.data(files, paths, "o1a-0") as? [Int])
        let down = try #require(try Self.data(files, paths, "o1d-0") as? [Int])
        #expect(up.map { names[$0] } == ["Beech", "Alder", "Elm", "Acme", "Birch", "Fir O'Neil"])
        #expect(down.map { names[$0] } == ["Acme", "Birch", "Elm", "Alder", "Beech", "Fir O'Neil"])
    }

    @Test func pairTablesCountEachPairOfValuesAndSayWhichFieldsHaveOneValueARow() throws {
        let page = try Self.page()
        let facets = try #require(page.facets)
        let tables = BrowseData.pairTables(facets, rowCount: page.rowCount)
        #expect(tables.map { [$0.first, $0.second] } == [[0, 1]], "the range has no pairs")
        let category = facets.filters[0].values.map(\.title)
        let city = facets.filters[1].values.map(\.title)
        let counts = tables[0].counts
        let cell = { (a: String, b: String) in counts[category.firstIndex(of: a)! * city.count + city.firstIndex(of: b)!] }
        #expect(cell("Software", "Paris") == 2)
        #expect(cell("Retail", "Paris") == 1)
        #expect(cell("Food", "Berlin") == 1)
        #expect(counts.reduce(0, +) == 7, "Elm counts under both its categories")
        #expect(!BrowseData.isSingle(facets.filters[0]))
        #expect(BrowseData.isSingle(facets.filters[1]))
    }

    @Test func columnsHoldEachRowsValuesSeveralAsAListAndAMissingKeyAsNull() throws {
        let page = try Self.page()
        let (paths, files) = Self.files(page)
        let facets = try #require(page.facets)
        let names = Self.order(page)
        let categories = try #require(try Self.data(files, paths, "c0-0") as? [Any])
        let elmRow = try #require(names.firstIndex(of: "Elm"))
        let elm = try #require(categories[elmRow] as? [Int])
        #expect(elm.map { facets.filters[0].values[$0].title }.sorted() == ["Retail", "Software"])
        let sizes = try #require(try Self.data(files, paths, "c2-0") as? [Any])
        let (fir, beech) = (try #require(names.firstIndex(of: "Fir O'Neil")), try #require(names.firstIndex(of: "Beech")))
        #expect(sizes[fir] is NSNull)
        #expect(sizes[beech] as? Int == 7)
    }

    @Test func aResultsFactsAreItsLabelSectionAndAddressEscapedForTheScript() throws {
        let page = try Self.page()
        let (paths, files) = Self.files(page)
        let facts = try #require(try Self.data(files, paths, "r0") as? [[Any]])
        #expect(facts.count == page.rowCount)
        let fir = try #require(facts.first { $0[0] as? String == "Fir O'Neil" })
        let section = try #require(fir[1] as? Int)
        #expect(page.sections[section].rows.contains { $0.label == "Fir O'Neil" })
        #expect((fir[2] as? String)?.hasPrefix(paths.section(section)) == true)
    }

    @Test func theEntryNamesTheManifestWhoseNameFollowsTheInputs() throws {
        let page = try Self.page()
        let (paths, files) = Self.files(page)
        let (entryPath, manifestPath) = (try #require(paths.browseEntry), try #require(paths.browseData))
        let entry = String(decoding: try #require(files[entryPath]), as: UTF8.self)
        #expect(entry.contains("\"file\":\"\(manifestPath)\""))
        let manifest = try BrowserContractTests.registered(try #require(files[manifestPath]))
        let spelled = Set(BrowserContract.BrowseDataField.allCases.map(\.rawValue))
        #expect(Set(manifest.keys).isSubset(of: spelled), "\(manifest.keys.sorted())")
        #expect(manifest["rows"] as? Int == 6)
        let other = Self.files(page, inputKey: "changed").paths
        #expect(other.browseData != paths.browseData)
        #expect(other.browseEntry == paths.browseEntry)
    }

    @Test func theFilesAreTheSameBytesEveryBuild() throws {
        let first = Self.files(try Self.page()).files
        let second = Self.files(try Self.page()).files
        #expect(first == second)
        #expect(first.count > 10)
    }

    @Test func aWholePageOrOneWithoutFiltersWritesNone() throws {
        let whole = try Self.page { $0.splitThreshold = nil }
        #expect(PagePaths(page: whole, inputKey: "k").browseData == nil)
        let plain = try Self.page {
            $0.filters = []
            $0.sortable = []
        }
        #expect(PagePaths(page: plain, inputKey: "k").browseData == nil)
    }
}
