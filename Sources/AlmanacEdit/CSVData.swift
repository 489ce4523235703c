import AlmanacCore
import AlmanacLoad

/// A CSV or TSV file for editing: rows after the header, written back with the file's
/// delimiter, line break and quoting. A cell is quoted when it must be (a delimiter, quote or
/// line break in it), when the file quotes every cell, and when text would otherwise read back
/// as another type (`--string` on `true` or `1959`).
struct CSVData: EditableData {
    let layout: CSVReader.Layout
    let delimiter: UInt8
    let runs: [RecordRun]

    /// Whether cells may be quoted: not in TSV, where a `"` is data.
    let quotes: Bool

    init(_ bytes: [UInt8], path: String, reader: CSVReader) throws(Diagnostic) {
        layout = try reader.layout(bytes, path: path)
        delimiter = reader.delimiter
        quotes = reader.options.quotes
        runs = [RecordRun(items: layout.rows, anchor: layout.header, inside: 0..<0, separator: layout.lineEnding)]
    }

    var entries: [EditEntry] { layout.records.enumerated().map { EditEntry(record: $1, run: 0, item: $0) } }
    var fieldNames: [String] { layout.names }
    var acceptsNewFields: Bool { false }

    func run(forSection section: String?) throws(Diagnostic) -> Int {
        if let section { throw .error(at: nil, "a \(delimiter == 0x09 ? "TSV" : "CSV") file has no sections (--section \(section))") }
        return 0
    }

    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8] {
        var cells: [[UInt8]] = []
        for name in layout.names {
            let value = record.first { $0.name == name }?.value ?? .null
            cells.append(try cell(value, field: name))
        }
        return Array(cells.joined(separator: [delimiter]))
    }

    private func cell(_ value: Value, field: String) throws(Diagnostic) -> [UInt8] {
        let text: String
        switch value {
        case .null: return layout.quotesEveryCell ? Array("\"\"".utf8) : []
        default: text = value.text
        }
        let bytes = Array(text.utf8)
        let breaks = bytes.contains { $0 == delimiter || $0 == 0x0A || $0 == 0x0D }
        let special = breaks || bytes.contains(UInt8(ascii: "\""))
        let retyped: Bool = if case .string = value { !CellValue.infer(text).isString } else { false }
        guard quotes else {
            // Without quoting, a tab or line break would split the row, and text that reads as
            // another type comes back as that type: refused rather than written wrong.
            if breaks { throw .error(at: nil, "'\(field)' holds a tab or a line break, which a TSV value cannot", hint: "remove it from the value") }
            if retyped { throw .error(at: nil, "'\(field)' would read back as \(CellValue.infer(text).kindName), not text: a TSV value has no quotes to keep it text", hint: "leave out --string") }
            return bytes
        }
        guard layout.quotesEveryCell || special || retyped else { return bytes }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
            quoted.append(byte)
        }
        quoted.append(UInt8(ascii: "\""))
        return quoted
    }
}

extension Value {
    var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
