import AlmanacCore
@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

/// A large data file is read in windows; what comes out must be what reading it whole gives,
/// wherever the windows happen to cut it.
@Suite struct JSONArrayStreamTests {
    func stream(_ text: String, piece: Int) -> [Record]? {
        let bytes = Array(text.utf8)
        return JSONReader().streamRecords(path: "data.json") { take in
            var start = 0
            while start < bytes.count {
                take(Array(bytes[start..<min(bytes.count, start + piece)]))
                start += piece
            }
        }
    }

    @Test(arguments: [7_919, 1 << 16, 3 << 20])
    func windowsAnywhereGiveTheRecordsOfTheWholeFile(piece: Int) throws {
        let text = JSONReaderTests.bigArray(count: 20_000)
        let records = try #require(stream(text, piece: piece))
        let items = try #require(try JSONReader().read(Array(text.utf8), path: "data.json").listValue)
        #expect(records.count == 20_000)
        #expect(records.map { Value.object($0.fields) } == items)
    }

    @Test func scalarsAreRecordsNamedByTheirValueAndAnEmptyArrayHasNone() throws {
        let records = try #require(stream(" [\"Oslo\", 7, true] \n", piece: 3))
        #expect(records.map { $0["name"] } == [.string("Oslo"), .number(Number(7)), .bool(true)])
        #expect(stream("\u{FEFF}[ ]\n", piece: 2)?.isEmpty == true)
    }

    @Test(arguments: [
        #"{"a": 1}"#,  // not an array: the model decides
        #"[{"a": 1}, [1, 2]]"#,  // an array in the array: the model reports it
        #"[{"a": 1}, null]"#,
        #"[{"a": 1},]"#,  // a syntax error: the parser reports it where it is
        #"[{"a": 1}] x"#,
        #"[{"a": 1}"#,
        #"[{"a": "\u{FFFF}\"]"#,
    ])
    func anythingButAnArrayOfRecordsIsLeftToTheWholeFileReader(text: String) {
        #expect(stream(text, piece: 4) == nil)
    }

    @Test func invalidUTF8GivesUp() {
        var bytes = Array(#"[{"a": "x"}]"#.utf8)
        bytes[8] = 0xFF
        let records = JSONReader().streamRecords(path: "data.json") { take in take(bytes) }
        #expect(records == nil)
    }
}
