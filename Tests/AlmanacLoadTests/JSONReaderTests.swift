import AlmanacCore
@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

@Suite struct JSONReaderTests {
    func read(_ text: String) throws -> Value {
        try JSONReader().read(Array(text.utf8), path: "data.json")
    }

    func error(_ text: String) -> Diagnostic? {
        diagnostic { _ = try read(text) }
    }

    /// A syntax error says what to write instead, for the mistakes people make most.
    @Test(arguments: [
        ("[1, 2,]", "JSON allows no comma before a closing bracket: remove the last comma"),
        ("{'a': 1}", "keys are text in double quotes, and no comma may come before the '}'"),
        ("[True]", "JSON's words are lower-case: true, false and null"),
        ("[02134]", "JSON writes numbers like 12, -3.5 or 1e6: no leading zeros, no '+'; quote it to keep it as text"),
        ("[1] [2]", "a JSON file holds one value: put several in [ … ], separated by commas"),
        ("[1 2]", "items of an array are separated by commas"),
    ])
    func syntaxErrorsCarryAHint(text: String, hint: String) {
        #expect(diagnostic { _ = try read(text) }?.hint == hint)
    }

    @Test func objectsKeepTheirKeyOrder() throws {
        let value = try read(#"{"zeta": 1, "alpha": 2, "mid": 3}"#)
        #expect(value.objectValue?.names == ["zeta", "alpha", "mid"])
    }

    @Test func duplicateKeysKeepTheLastValueInTheFirstPlace() throws {
        let value = try read(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.objectValue?.names == ["a", "b"])
        #expect(value.objectValue?["a"] == .number(Number(text: "3", value: 3)))
    }

    @Test func wideObjectsStillKeepTheLastDuplicate() throws {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let value = try read("{" + keys + #", "k3": "late", "k39": "last"}"#)
        #expect(value.objectValue?.names.count == 40)
        #expect(value.objectValue?["k3"] == .string("late"))
        #expect(value.objectValue?["k39"] == .string("last"))
        #expect(value.objectValue?.names.last == "k39")
    }

    /// A big array: records with strings that hide brackets, commas and escaped quotes.
    static func bigArray(count: Int) -> String {
        let records = (0..<count).map { number in
            #"{"name": "Row \#(number), \"quoted\" [x] {y}", "n": \#(number), "tags": ["a,b", {"deep": [1, 2]}], "dup": 1, "dup": \#(number)}"#
        }
        return "\u{FEFF}[\n" + records.joined(separator: ",\n") + "\n]\n"
    }

    @Test func aBigArrayParsesInParallelToTheSameValues() throws {
        let text = Self.bigArray(count: 20_000)
        let bytes = Array(text.utf8)
        #expect(bytes.count > JSONReader.parallelThreshold)
        #expect((JSONReader.arrayChunks(bytes, from: 3)?.count ?? 0) > 1, "the file is split")
        let items = try #require(try read(text).listValue)
        #expect(items.count == 20_000)
        #expect(items[12_345].objectValue?["name"] == .string(#"Row 12345, "quoted" [x] {y}"#))
        #expect(items[19_999].objectValue?["dup"]?.text == "19999")
        #expect(items.map { $0.objectValue?["n"]?.text ?? "" } == (0..<20_000).map(String.init))
    }

    @Test func aBigArrayOfRecordsLoadsStraightIntoTheSameRecords() throws {
        let text = Self.bigArray(count: 20_000)
        let loaded = try JSONReader().load(Array(text.utf8), path: "data.json")
        guard case .records(let records) = loaded else {
            Issue.record("a big array of objects loads as records")
            return
        }
        let items = try #require(try read(text).listValue)
        #expect(records.count == items.count)
        #expect(records.map { Value.object($0.fields) } == items)
        #expect(records[19_999].location == SourceLocation(path: "data.json"))
    }

    @Test func aBigArrayThatIsNotRecordsLoadsAsAValue() throws {
        var text = Self.bigArray(count: 20_000)
        text = text.replacingOccurrences(of: "\n]\n", with: ",\n[1, 2]\n]\n")
        guard case .document(let value, _) = try JSONReader().load(Array(text.utf8), path: "data.json") else {
            Issue.record("an array holding an array is left to the model, which reports it")
            return
        }
        #expect(value.listValue?.last == .list([.number(Number(1)), .number(Number(2))]))
        let broken = Self.bigArray(count: 20_000).replacingOccurrences(of: #""n": 15000"#, with: #""n" 15000"#)
        let found = diagnostic { _ = try JSONReader().load(Array(broken.utf8), path: "data.json") }
        #expect(found?.location?.line == 15_002)
    }

    @Test func anErrorDeepInABigArrayIsReportedWhereItIs() {
        var lines = Self.bigArray(count: 20_000).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[15_001] = lines[15_001].replacingOccurrences(of: #""n": "#, with: #""n" "#)
        let found = error(lines.joined(separator: "\n"))
        #expect(found?.location?.line == 15_002)
        #expect(found?.message.contains("expected ':'") == true)
        #expect(diagnostic { _ = try read(Self.bigArray(count: 20_000) + "]") }?.message.contains("after the JSON value") == true)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let value = try read(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00", "\ud800"]"#)
        #expect(value.listValue?[0] == .string("a\"b\\c/d\né😀"))
        #expect(value.listValue?[1] == .string("\u{FFFD}"), "a lone surrogate becomes U+FFFD")
    }

    @Test func numbersKeepTheirText() throws {
        let value = try read("[1.50, -0, 2e3]")
        #expect(value.listValue?.map(\.text) == ["1.50", "-0", "2e3"])
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a quoted key"),
        ("[1, 2\n", 1, 1, "unterminated array"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[\n  1,\n  tru\n]", 3, 3, "expected a value"),
        ("[01]", 1, 2, "invalid number"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[1] 2", 1, 5, "unexpected text after"),
        ("", 1, 1, "empty JSON file"),
        ("[\"a\tb\"]", 1, 4, "control character"),
        ("{\"é\": x}", 1, 7, "expected a value"),
    ])
    func brokenJSONReportsLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let diagnostic = try #require(error(text))
        #expect(diagnostic.location == SourceLocation(path: "data.json", line: line, column: column))
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(deep)?.message.contains("nested deeper") == true)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try read("\u{FEFF}[]") == .list([]))
    }

    @Test func ndjsonReadsOneObjectPerLine() throws {
        let records = try NDJSONReader().read(Array("{\"a\":1}\n\n{\"a\":2}\r\n".utf8), path: "log.ndjson")
        #expect(records.count == 2)
        #expect(records[1].location.line == 3)
    }

    @Test func ndjsonErrorNamesTheLine() throws {
        let error = try #require(diagnostic { _ = try NDJSONReader().read(Array("{\"a\":1}\n{\"a\":}\n".utf8), path: "log.ndjson") })
        #expect(error.location == SourceLocation(path: "log.ndjson", line: 2, column: 6))
    }

    @Test func ndjsonLineMustBeAnObject() throws {
        #expect(throws: Diagnostic.self) { try NDJSONReader().read(Array("[1]\n".utf8), path: "log.ndjson") }
    }
}
