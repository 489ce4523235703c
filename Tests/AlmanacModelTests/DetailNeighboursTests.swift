import AlmanacModel
import Testing

@Suite struct DetailNeighboursTests {
    /// A report-like page, one section in input order: `statuses[i]` is row i's status.
    static func page(_ statuses: [String], detail: PageSettings.DetailPages) throws -> Page {
        let records = PageBuilderTests.records(
            statuses.enumerated().map { ["name": "test \($0.offset)", "status": $0.element] }, order: ["name"])
        return try PageBuilderTests.build(records) { settings in
            settings.detailPages = detail
        }
    }

    static func labels(_ found: (previous: Row?, next: Row?)) -> [String?] {
        [found.previous?.label, found.next?.label]
    }

    @Test func withFailingDetailsAFailureLinksTheNearestFailuresPastThePassesBetween() throws {
        let statuses = ["failed", "passed", "passed", "error", "passed", "passed", "passed", "failed", "passed"]
        let page = try Self.page(statuses, detail: .failing)
        let neighbours = DetailNeighbours(page)
        let section = try #require(page.sections.indices.first)
        let position = { (label: String) in page.sections[section].rows.firstIndex { $0.label == label }! }
        #expect(Self.labels(neighbours.of(position("test 0"), inSection: section, of: page)) == [nil, "test 3"])
        #expect(Self.labels(neighbours.of(position("test 3"), inSection: section, of: page)) == ["test 0", "test 7"])
        #expect(Self.labels(neighbours.of(position("test 7"), inSection: section, of: page)) == ["test 3", nil])
    }

    @Test func withEveryRowDetailedTheNeighboursAreTheRowsBesideIt() throws {
        let page = try Self.page(["passed", "passed", "passed"], detail: .all)
        let rows = page.sections[0].rows
        let found = DetailNeighbours(page).of(1, inSection: 0, of: page)
        #expect(found.previous === rows[0] && found.next === rows[2])
    }

    @Test func withoutDetailPagesNoRowHasNeighbours() throws {
        let page = try Self.page(["failed", "failed"], detail: .none)
        #expect(Self.labels(DetailNeighbours(page).of(0, inSection: 0, of: page)) == [nil, nil])
    }
}
