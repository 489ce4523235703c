import AlmanacCore
@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

@Suite struct CSVReaderTests {
    func read(_ text: String, tsv: Bool = false) throws -> [Record] {
        try (tsv ? CSVReader.tsv() : CSVReader()).read(Array(text.utf8), path: "data.csv")
    }

    func error(_ text: String) -> Diagnostic? {
        diagnostic { _ = try read(text) }
    }

    @Test func aShortRowAndALongRowGetDifferentHints() {
        let short = diagnostic { _ = try CSVReader().read(Array("a,b,c\n1,2\n".utf8), path: "r.csv") }
        #expect(short?.hint == "give every column a field, empty ones too (a,,c), or quote a value that holds a line break")
        let long = diagnostic { _ = try CSVReader().read(Array("a,b\n1,2,3\n".utf8), path: "r.csv") }
        #expect(long?.hint == "quote fields that contain ','")
    }

    @Test func headerNamesTheFields() throws {
        let records = try read("name,capital\nTexas,Austin\nOhio,Columbus\n")
        #expect(records.count == 2)
        #expect(records[0].fields.names == ["name", "capital"])
        #expect(records[1]["capital"] == .string("Columbus"))
    }

    @Test func quotedFieldsHoldCommasQuotesAndNewlines() throws {
        let records = try read("name,note\n\"Smith, John\",\"said \"\"hi\"\"\nand left\"\n")
        #expect(records[0]["name"] == .string("Smith, John"))
        #expect(records[0]["note"] == .string("said \"hi\"\nand left"))
    }

    @Test func byteOrderMarkAndCRLFAreHandled() throws {
        let records = try read("\u{FEFF}name,capital\r\nTexas,Austin\r\nOhio,Columbus\r\n")
        #expect(records[0].fields.names == ["name", "capital"])
        #expect(records[1]["capital"] == .string("Columbus"))
    }

    @Test func lastLineWithoutNewlineIsRead() throws {
        #expect(try read("a,b\n1,2").count == 1)
    }

    @Test func cellsAreTypedAsTheyRead() throws {
        let records = try read("a,b,c,d,e,f,g\n42,-1.5,02134,true,1787-12-07,,\"7\"\n")
        let record = try #require(records.first)
        #expect(record["a"] == .number(Number(text: "42", value: 42)))
        #expect(record["b"] == .number(Number(text: "-1.5", value: -1.5)))
        #expect(record["c"] == .string("02134"))
        #expect(record["d"] == .bool(true))
        #expect(record["e"]?.kindName == "a date")
        #expect(record["f"] == .null)
        #expect(record["g"] == .string("7"), "a quoted cell stays text")
    }

    @Test func raggedRowReportsLineAndColumn() throws {
        let diagnostic = try #require(error("name,capital\nTexas,Austin\nOhio,Columbus,extra\n"))
        #expect(diagnostic.location == SourceLocation(path: "data.csv", line: 3, column: 15))
        #expect(diagnostic.message.contains("3 fields but the header has 2"))
    }

    /// Locations are counted on from one record to the next; every one must still be exact,
    /// including after quoted line breaks and CRLF.
    @Test func everyRecordKnowsItsLine() throws {
        var text = "name,note\r\n"
        var expected: [Int] = []
        var line = 2
        for row in 0..<3_000 {
            expected.append(line)
            if row % 7 == 0 {
                text += "r\(row),\"two\nlines\"\r\n"
                line += 2
            } else {
                text += "é\(row),x\r\n"
                line += 1
            }
        }
        let records = try read(text)
        #expect(records.map(\.location.line) == expected)
        #expect(records.allSatisfy { $0.location.column == 1 })
    }

    @Test func manyColumnsAreReadAndADuplicateFoundAtItsColumn() throws {
        let names = (0..<20_000).map { "c\($0)" }
        let records = try read(names.joined(separator: ",") + "\n" + names.map { _ in "1" }.joined(separator: ",") + "\n")
        #expect(records[0].fields.names.count == 20_000)
        let duplicated = try #require(error((names + ["c5"]).joined(separator: ",") + "\n"))
        #expect(duplicated.message == "column name 'c5' appears twice in the header row")
        #expect(duplicated.location?.column == names.joined(separator: ",").count + 2)
    }

    @Test func shortRowReportsItsLine() throws {
        let diagnostic = try #require(error("name,capital\nTexas\n"))
        #expect(diagnostic.location?.line == 2)
    }

    @Test func unterminatedQuoteReportsWhereItOpened() throws {
        let diagnostic = try #require(error("name\n\"open\nstill open\n"))
        #expect(diagnostic.location == SourceLocation(path: "data.csv", line: 2, column: 1))
        #expect(diagnostic.message.contains("unterminated"))
    }

    /// A stray quote opens a field that runs on for lines, and the parse breaks far below it:
    /// the error is where it broke and names where the field opened.
    @Test func aStrayQuoteIsNamedWhereItOpenedAndWhereTheParseBroke() throws {
        let diagnostic = try #require(error("name,note\na,\"open quote here\nb,x\nc,y\"z\nd,w\n"))
        #expect(diagnostic.location == SourceLocation(path: "data.csv", line: 4, column: 5))
        #expect(diagnostic.message == "unexpected text after the quote that closes a field opened at line 2, column 3")
        #expect(diagnostic.hint?.contains("2:3") == true)
    }

    @Test func textAfterClosingQuoteIsAnError() throws {
        let diagnostic = try #require(error("name\n\"a\"b\n"))
        #expect(diagnostic.location == SourceLocation(path: "data.csv", line: 2, column: 4))
    }

    @Test func emptyFileIsAnError() throws {
        #expect(error("")?.message.contains("empty file") == true)
    }

    @Test func duplicateColumnIsAnError() throws {
        #expect(error("name,name\na,b\n")?.message.contains("appears twice") == true)
    }

    @Test func invalidUTF8IsReportedAtTheByte() throws {
        var bytes = Array("name\nok\nbad".utf8)
        bytes.insert(0xFF, at: 9)
        let error = try #require(diagnostic { _ = try CSVReader().read(bytes, path: "data.csv") })
        #expect(error.location == SourceLocation(path: "data.csv", line: 3, column: 2))
    }

    @Test func tabSeparatedValues() throws {
        let records = try read("name\tcapital\nNew York\tAlbany\n", tsv: true)
        #expect(records[0]["capital"] == .string("Albany"))
    }

    @Test func blankLinesAreSkipped() throws {
        #expect(try read("name\na\n\nb\n").count == 2)
    }

    @Test func hugeFieldIsRead() throws {
        let big = String(repeating: "x", count: 10_000_000)
        let records = try read("name\n\(big)\n")
        #expect(records[0]["name"]?.text.utf8.count == 10_000_000)
    }
}
