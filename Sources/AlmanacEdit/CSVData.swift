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

    init(_ bytes: [UInt8], path: String, delimiter: UInt8) throws(Diagnostic) {
        layout = try CSVReader(delimiter: delimiter).layout(bytes, path: path)
        self.delimiter = delimiter
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
            cells.append(cell(value))
        }
        return Array(cells.joined(separator: [delimiter]))
    }

    private func cell(_ value: Value) -> [UInt8] {
        let text: String
        switch value {
        case .null: return layout.quotesEveryCell ? Array("\"\"".utf8) : []
        default: text = value.text
        }
        let bytes = Array(text.utf8)
        let special = bytes.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        let retyped: Bool = if case .string = value { !CellValue.infer(text).isString } else { false }
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
