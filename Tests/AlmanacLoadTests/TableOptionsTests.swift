import AlmanacCore
import AlmanacLoad
import AlmanacTestSupport
import Testing

/// Tables as IANA writes them (`zone1970.tab`): TSV without quoting, `#` comment lines, no
/// header row, rows shorter than the columns.
@Suite struct TableOptionsTests {
    static let zones = """
        # tzdb timezone descriptions, for users who do not care about old timestamps
        #
        #country-
        #codes\tcoordinates\tTZ\tcomments
        AD\t+4230+00131\tEurope/Andorra
        AE,OM,RE,SC,TF\t+2518+05518\tAsia/Dubai\tCrozet
        # a comment between rows
        AQ\t-6617+11031\tAntarctica/Casey\t"Casey" station

        """

    static let options = CSVReader.Options(comment: "#", columns: ["codes", "coordinates", "TZ", "comments"], shortRowsAreEmpty: true)

    @Test func aZoneTableReadsWithCommentsColumnsAndShortRows() throws {
        let records = try CSVReader.tsv(Self.options).read(Array(Self.zones.utf8), path: "zone1970.tab")
        #expect(records.map { $0["TZ"]?.text } == ["Europe/Andorra", "Asia/Dubai", "Antarctica/Casey"])
        #expect(records[0]["comments"] == .null, "a short row's missing cells are empty")
        #expect(records[2]["comments"] == .string("\"Casey\" station"), "a quote in TSV is data")
        #expect(records[2].location.line == 8)
    }

    @Test func withoutTheOptionsTheSameFileIsAnErrorThatSaysWhich() {
        let error = diagnostic { _ = try CSVReader.tsv(CSVReader.Options(comment: "#", columns: ["codes", "coordinates", "TZ", "comments"])).read(Array(Self.zones.utf8), path: "z.tab") }
        #expect(error?.message == "row has 3 fields but the header has 4")
        #expect(error?.hint == "give every column a field, empty ones too (a\\t\\tc), or say short_rows: empty in the page")
    }

    @Test func aTSVHeaderIsReadWithoutQuotingToo() throws {
        let records = try CSVReader.tsv().read(Array("name\t\"note\"\nA\t\"x\"\n".utf8), path: "t.tsv")
        #expect(records.first?.fields.names == ["name", "\"note\""])
        #expect(records.first?["\"note\""] == .string("\"x\""))
        let error = diagnostic { _ = try CSVReader.tsv().read(Array("name\tnote\nA\t\"x\ty\"\n".utf8), path: "t.tsv") }
        #expect(error?.hint == "a value cannot hold '\\t' in this file")
    }

    @Test func aCSVFileMayHaveCommentsAndNoHeaderToo() throws {
        let records = try CSVReader(options: CSVReader.Options(comment: "//", columns: ["name", "n"])).read(Array("// made by hand\nA,1\n\"B, b\",2\n".utf8), path: "c.csv")
        #expect(records.map { $0["name"]?.text } == ["A", "B, b"])
        #expect(records[1]["n"] == .number(Number(2)))
    }
}
