import AlmanacCore
import AlmanacLoad

/// An NDJSON (JSON Lines) file for editing: a record per line, new ones written on one line
/// with the keys in the order of the last line's and its spacing.
struct NDJSONData: EditableData {
    let records: [Record]
    let bytes: [UInt8]
    let runs: [RecordRun]

    init(_ bytes: [UInt8], path: String) throws(Diagnostic) {
        records = try NDJSONReader().read(bytes, path: path)
        self.bytes = bytes
        var lines: [Range<Int>] = []
        var start = TextInput.contentStart(bytes)
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var content = end
            if content > start && bytes[content - 1] == 0x0D { content -= 1 }
            if !bytes[start..<content].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { lines.append(start..<content) }
            start = end + 1
        }
        let crlf = lines.first.map { $0.upperBound < bytes.count && bytes[$0.upperBound] == 0x0D } ?? false
        let first = TextInput.contentStart(bytes)
        runs = [RecordRun(items: lines, inside: first..<bytes.count, separator: crlf ? [0x0D, 0x0A] : [0x0A], opening: [], closing: [0x0A])]
    }

    var entries: [EditEntry] { records.enumerated().map { EditEntry(record: $1, run: 0, item: $0) } }
    var fieldNames: [String] { FieldOrder.names(of: records) }
    var acceptsNewFields: Bool { true }

    func run(forSection section: String?) throws(Diagnostic) -> Int {
        if let section { throw .error(at: nil, "an NDJSON file has no sections (--section \(section))") }
        return 0
    }

    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8] {
        var style = runs[0].items.last.map { JSONText.Style.of($0, in: bytes) } ?? JSONText.Style.pretty
        style.isMultiline = false
        return JSONText.record(FieldOrder.arrange(record, like: records.last), style: style)
    }
}

/// The order new records write their fields in: that of the record they follow, then any
/// others in the order they were given.
enum FieldOrder {
    static func names(of records: [Record]) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for record in records {
            for name in record.fields.names where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    static func arrange(_ fields: [Object.Field], like neighbour: Record?) -> [Object.Field] {
        guard let neighbour else { return fields }
        let order = neighbour.fields.names
        let known = fields.filter { order.contains($0.name) }.sorted { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        return known + fields.filter { !order.contains($0.name) }
    }
}
