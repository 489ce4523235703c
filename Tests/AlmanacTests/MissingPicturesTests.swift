import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// A row whose picture the page cannot show shows none rather than a broken icon: each such
/// row is a warning at its line, so the author learns of it.
@Suite struct MissingPicturesTests {
    static func site(rows: [String]) -> MemoryFileSystem {
        InlineSite.page(
            "birds", data: "birds.csv", settings: "image: picture", text: (["name,picture"] + rows).joined(separator: "\n"),
            more: "-- Content/static/wren.png --\npng\n-- Content/static/robin.png --\npng")
    }

    @Test func eachRowWhosePictureCannotBeShownIsAWarningAtItsLine() throws {
        let report = try SiteBuilderTests.build(Self.site(rows: [
            "Wren,wren.png", "Robin,static/robin.png", "Finch,finch.png", "Jay,javascript:alert(1)",
            "Owl,https://example.org/owl.png", "Tit,/wren.png", "Crow,",
        ]))
        let found = Set(report.warnings.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0): \($0.message)" })
        #expect(found == [
            "Content/birds.csv:3: picture 'static/robin.png' is not among the site's static files: the row shows none",
            "Content/birds.csv:4: picture 'finch.png' is not among the site's static files: the row shows none",
            "Content/birds.csv:5: picture 'javascript:alert(1)' is not an address a page may load",
        ])
        #expect(report.warnings.first { $0.message.contains("robin") }?.hint == "write 'robin.png': pictures are named from Content/static/")
        #expect(diagnostic { _ = try SiteBuilderTests.build(Self.site(rows: ["Finch,finch.png"]), strict: true) }?.severity == .error)
    }

    @Test func aPageOfManyMissingPicturesReportsTheFirstFewAndACount() throws {
        let rows = (1...12).map { "Bird \($0),missing-\($0).png" }
        let report = try SiteBuilderTests.build(Self.site(rows: rows))
        #expect(report.warnings.count == 6)
        #expect(report.warnings.last?.message == "7 more rows name a picture the page cannot show")
        #expect(report.warnings.last?.location == SourceLocation(path: "Content/birds.md", line: 3, column: 1))
    }

    @Test func picturesThatExistOrAreAddressesSayNothing() throws {
        #expect(try SiteBuilderTests.build(Self.site(rows: ["Wren,wren.png", "Tit,./robin.png", "Owl,https://example.org/o.png"])).warnings.isEmpty)
    }
}
