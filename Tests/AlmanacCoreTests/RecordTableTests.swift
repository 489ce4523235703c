import AlmanacCore
import Foundation
import Testing

/// Records are held encoded; what comes out must be exactly what went in.
struct RecordTableTests {
    static let everyKind = Object([
        Object.Field(name: "name", value: .string("Zoë «Ω» \u{1F600}")),
        Object.Field(name: "empty", value: .string("")),
        Object.Field(name: "nothing", value: .null),
        Object.Field(name: "yes", value: .bool(true)),
        Object.Field(name: "no", value: .bool(false)),
        Object.Field(name: "price", value: .number(Number(text: "1.50", value: 1.5))),
        Object.Field(name: "negative", value: .number(Number(text: "-2e300", value: -2e300))),
        Object.Field(name: "born", value: .date(DateValue(text: "1982-02-23", year: 1982, month: 2, day: 23))),
        Object.Field(name: "year", value: .date(DateValue(text: "1982", year: 1982, month: nil, day: nil))),
        Object.Field(name: "tags", value: .list([.string("a"), .number(Number(3)), .list([]), .null])),
        Object.Field(name: "address", value: .object(Object([
            Object.Field(name: "city", value: .string("Łódź")),
            Object.Field(name: "lines", value: .list([.string(String(repeating: "long ", count: 100))])),
        ]))),
    ])

    @Test func everyKindOfValueComesBackAsWritten() {
        let record = Record(fields: Self.everyKind, location: SourceLocation(path: "a.json", line: 3, column: 7))
        #expect(record.fields == Self.everyKind)
        #expect(record.fieldNames == Self.everyKind.names)
        for field in Self.everyKind.fields { #expect(record[field.name] == field.value) }
        #expect(record["missing"] == nil)
        #expect(record.location == SourceLocation(path: "a.json", line: 3, column: 7))
    }

    /// A page's records may come from several tables (a large file is read in chunks, each
    /// into a table of its own, which numbers its names in its own order).
    @Test func fieldNamesAcrossTablesComeInTheOrderFirstMet() {
        var first = RecordTable.Builder()
        first.append(Object(["name": .string("Ann"), "age": .number(Number(40))]), at: SourceLocation(path: "p.csv", line: 2))
        first.append(Object(["age": .number(Number(7)), "city": .string("Oslo")]), at: SourceLocation(path: "p.csv", line: 3))
        var second = RecordTable.Builder()
        second.append(Object(["zone": .string("B"), "city": .string("Rome"), "name": .string("Bo")]), at: SourceLocation(path: "p.csv", line: 4))
        let one = first.finish()
        let two = second.finish()
        #expect(Record.fieldNames(of: one + two) == ["name", "age", "city", "zone"])
        #expect(Record.fieldNames(of: [one[1]] + two + [one[0]]) == ["age", "city", "zone", "name"])
        #expect(Record.fieldNames(of: []) == [])
    }

    @Test func recordsOfOneTableKeepTheirOwnFieldsAndPlaces() {
        var builder = RecordTable.Builder()
        builder.append(Object(["name": .string("Ann"), "age": .number(Number(40))]), at: SourceLocation(path: "p.csv", line: 2))
        builder.append(Object(["age": .number(Number(7)), "city": .string("Oslo")]), at: SourceLocation(path: "p.csv", line: 3))
        builder.append(Object(), at: SourceLocation(path: "q.csv", line: 9, column: 2))
        let records = builder.finish()
        #expect(records.count == 3)
        #expect(records[0]["name"] == .string("Ann"))
        #expect(records[0]["city"] == nil)
        #expect(records[1]["name"] == nil)
        #expect(records[1].fieldNames == ["age", "city"])
        #expect(records[1]["age"] == .number(Number(7)))
        #expect(records[2].fields.isEmpty)
        #expect(records.map(\.location.line) == [2, 3, 9])
        #expect(records[2].location.path == "q.csv")
    }

    @Test func equalRecordsAreEqualWhateverTableHoldsThem() {
        let location = SourceLocation(path: "a.json")
        var builder = RecordTable.Builder()
        builder.append(Self.everyKind, at: location)
        let shared = builder.finish()[0]
        let alone = Record(fields: Self.everyKind, location: location)
        #expect(shared == alone)
        #expect(Set([shared, alone]).count == 1)
        #expect(alone != Record(fields: Object(["name": .string("other")]), location: location))
    }

    @Test func valuesSpilledToTheDiskComeBackInTheirPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-spill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spill = try SpillFile(in: folder)
        let location = SourceLocation(path: "a.json")
        var builder = RecordTable.Builder(keeping: ["name", "price", "missing"], spillingTo: spill)
        builder.append(Self.everyKind, at: location)
        builder.append(Object(["name": .string("second"), "tags": .list([.string("x")])]), at: location)
        builder.append(Object(["name": .string("nothing spilled")]), at: location)
        let records = try builder.finishSpilling()
        #expect(records[0].fields == Self.everyKind, "the fields keep their order, spilled or not")
        for field in Self.everyKind.fields { #expect(records[0][field.name] == field.value) }
        let names = Self.everyKind.names.reversed() + ["absent", Self.everyKind.names[0]]
        #expect(records[0].values(Array(names)) == names.map { records[0][$0] }, "many at once, spilled or not, in the order asked")
        #expect(records[0].fieldNames == Self.everyKind.names)
        #expect(records[1]["tags"] == .list([.string("x")]))
        #expect(records[1].fields == Object(["name": .string("second"), "tags": .list([.string("x")])]))
        #expect(records[2].fields == Object(["name": .string("nothing spilled")]))
        #expect(records[0] == Record(fields: Self.everyKind, location: location))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the spill file has no name")
    }

    /// A few names, the usual ask (a test's identity), asked twice or not at all, and held in
    /// memory or spilled: each comes back in its place.
    @Test func aFewValuesComeBackInTheOrderAskedWithRepeatsAndGaps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-few-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var builder = RecordTable.Builder(keeping: ["name"], spillingTo: try SpillFile(in: folder))
        builder.append(Object(["a": .string("1"), "name": .string("n"), "b": .string("2"), "c": .null]), at: SourceLocation(path: "f.json"))
        let record = try builder.finishSpilling()[0]
        #expect(record.values(["c", "name", "zz", "b", "name"]) == [.null, .string("n"), nil, .string("2"), .string("n")])
        #expect(record.values(["zz"]) == [nil])
        #expect(record.values([]) == [])
    }

    /// A row shown with many fields is read once, not once per field: at 100,000 columns the
    /// difference is minutes.
    @Test func manyValuesComeFromOnePassInTheOrderAsked() {
        let wide = Object((0..<2000).map { Object.Field(name: "c\($0)", value: .number(Number($0))) })
        var builder = RecordTable.Builder()
        builder.append(wide, at: SourceLocation(path: "w.csv"))
        let record = builder.finish()[0]
        let asked = (0..<2000).reversed().map { "c\($0)" } + ["nope"]
        #expect(record.values(asked) == (0..<2000).reversed().map { .number(Number($0)) } + [nil])
    }
}
