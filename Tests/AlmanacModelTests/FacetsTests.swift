import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// The filters and orders a page offers its reader, worked out at build time.
@Suite struct FacetsTests {
    static let companies: [Record] = [
        ["name": .string("Acme"), "category": .string("Software"), "city": .string("Berlin"), "founded": .string("1999-04-12"), "employees": .number(Number(120))],
        ["name": .string("Birch"), "category": .string("Retail"), "city": .string("Berlin"), "founded": .string("2004-01-01"), "employees": .number(Number(12))],
        ["name": .string("Cobalt"), "category": .string("Software"), "city": .string("Paris"), "founded": .string("2004-06-30"), "employees": .number(Number(120))],
        ["name": .string("Delta"), "category": .string("software"), "city": .string("Lyon"), "employees": .number(Number(7))],
        ["name": .string("Elm"), "category": .list([.string("Retail"), .string("Software")]), "city": .string(""), "founded": .string("1999-12-31")],
    ].map { fields in
        Record(fields: Object(fields.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) }), location: SourceLocation(path: "c.csv"))
    }

    static func facets(_ configure: (inout PageSettings) -> Void) throws -> (Page, Facets) {
        let page = try PageBuilderTests.build(companies) { settings in
            settings.label = "name"
            settings.grouping = .none
            configure(&settings)
        }
        return (page, try #require(page.facets))
    }

    @Test func filterSpellingsAreRead() {
        #expect(FilterSpec("category") == FilterSpec(field: "category", kind: .values))
        #expect(FilterSpec("year:founded") == FilterSpec(field: "founded", kind: .years))
        #expect(FilterSpec(" employees : range") == FilterSpec(field: "employees", kind: .range))
        #expect(FilterSpec("month:founded") == nil)
        #expect(FilterSpec("") == nil)
    }

    @Test func aFilterInFrontMatterMayBeAFieldAYearOrARangePair() throws {
        var object = Object()
        object.set("filters", .list([
            .string("category"), .string("year:founded"), .object(Object([.init(name: "employees", value: .string("range"))])),
        ]))
        let settings = try PageSettings(object, locations: [:], file: "p.md")
        #expect(settings.filters.map(\.kind) == [.values, .years, .range])
        #expect(settings.filters.map(\.field) == ["category", "founded", "employees"])
        object.set("filters", .list([.string("q")]))
        #expect(diagnostic { _ = try PageSettings(object, locations: [:], file: "p.md") }?.message.contains("search") == true)
        object.set("filters", .list([.string("city"), .string("city")]))
        #expect(diagnostic { _ = try PageSettings(object, locations: [:], file: "p.md") }?.message == "'filters' names 'city' twice")
    }

    /// Values are counted as written, most rows first, ties in collation order; a list gives
    /// a row each of its values; a row without one is under "(none)", last.
    @Test func valuesAreCountedMostCommonFirstAndEmptyLast() throws {
        let (page, facets) = try Self.facets { $0.filters = [FilterSpec(field: "category", kind: .values), FilterSpec(field: "city", kind: .values)] }
        let category = facets.filters[0]
        #expect(category.values.map(\.title) == ["Software", "Retail", "software"])
        #expect(category.values.map(\.count) == [3, 2, 1])
        let rows = page.sections.flatMap(\.rows).map(\.label)
        #expect(rows == ["Acme", "Birch", "Cobalt", "Delta", "Elm"])
        #expect(Array(category.values(ofRow: 4)) == [0, 1], "Elm is both Retail and Software")
        let city = facets.filters[1]
        #expect(city.values.map(\.title) == ["Berlin", "Lyon", "Paris", "(none)"])
        #expect(Array(city.values(ofRow: 4)) == [3])
    }

    @Test func yearsAreNewestFirstAndRangesKeyNumbersAndDates() throws {
        let (_, facets) = try Self.facets {
            $0.filters = [FilterSpec(field: "founded", kind: .years), FilterSpec(field: "employees", kind: .range), FilterSpec(field: "founded", kind: .range)]
        }
        #expect(facets.filters[0].values.map(\.title) == ["2004", "1999", "(none)"])
        #expect(facets.filters[0].values.map(\.count) == [2, 2, 1])
        #expect(facets.filters[1].keys == [120, 12, 120, 7, nil])
        #expect(!facets.filters[1].isDate)
        #expect(facets.filters[2].keys == [19_990_412, 20_040_101, 20_040_630, nil, 19_991_231])
        #expect(facets.filters[2].isDate)
    }

    /// Equal values share a rank, so the browser keeps the page's order between them; a row
    /// without the value has none.
    @Test func ranksAreSharedByEqualValuesAndMissingValuesHaveNone() throws {
        let (_, facets) = try Self.facets { $0.sortable = ["employees", "founded", "name"] }
        #expect(facets.sorts.map(\.field) == [nil, "employees", "founded"], "the label comes first, and once")
        #expect(facets.sorts.map(\.kind) == [.text, .number, .date])
        #expect(facets.sorts[0].ranks == [0, 1, 2, 3, 4])
        #expect(facets.sorts[1].ranks == [2, 1, 2, 0, -1])
        #expect(facets.sorts[2].ranks == [0, 2, 3, -1, 1])
    }

    @Test func aPageWithoutFiltersOrSortableHasNoFacets() throws {
        #expect(try PageBuilderTests.build(Self.companies) { $0.label = "name" }.facets == nil)
        let (_, onlyFilters) = try Self.facets { $0.filters = [FilterSpec(field: "city", kind: .values)] }
        #expect(onlyFilters.sorts.isEmpty, "no Sort by without sortable")
    }

    /// A split page counts every section's rows, as its filter data and panel need.
    @Test func aSplitPageCountsTheRowsOfEverySection() throws {
        var settings = PageSettings()
        settings.data = "c.csv"
        settings.label = "name"
        settings.splitThreshold = 2
        settings.filters = [FilterSpec(field: "city", kind: .values)]
        let result = try PageBuilder().build(.init(
            name: "c", settings: settings, prose: .empty, data: .rows(Self.companies), source: SourceLocation(path: "c.md")))
        #expect(result.page.isSplit)
        #expect(result.page.facets?.filters.first?.values.reduce(0) { $0 + $1.count } == result.page.rowCount)
        #expect(result.warnings.isEmpty)
    }
}
