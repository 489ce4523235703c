import AlmanacCore
import AlmanacLoad
import AlmanacModel
import Foundation

/// An XML property list for editing: an array of dictionaries, a dictionary keyed by each
/// record's label (its values dictionaries, or arrays named by `columns:`), or a dictionary of
/// sections that are arrays. New records are written as the file writes its others: one
/// element a line, in its indentation. (A binary property list is `BinaryPropertyListData`.)
struct PropertyListData: DocumentData {
    let bytes: [UInt8]
    let shape: DocumentShape
    let keyField: String
    let records: [Record]
    let entries: [EditEntry]
    let runs: [RecordRun]
    let lineEnding: [UInt8]
    /// Whether a keyed file writes each record's value on one line (`<array><string>…</array>`).
    let keyedValuesOnOneLine: Bool

    init(_ bytes: [UInt8], path: String, columns: [String]?, keyField: String) throws(Diagnostic) {
        let value = try PropertyListReader().read(bytes, path: path)
        let dataset = try DatasetShape.of(value, at: SourceLocation(path: path), columns: columns, keyField: keyField)
        self.bytes = bytes
        self.keyField = keyField
        lineEnding = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? [0x0D, 0x0A] : [0x0A]
        guard let root = PropertyListSpans(bytes: bytes).root() else {
            throw .error(at: SourceLocation(path: path), "the property list has no <array> or <dict> to edit")
        }
        // The reader gives dictionaries' records sorted by key; spans are matched by key.
        var runs: [RecordRun] = []
        var entries: [EditEntry] = []
        var oneLine = false
        switch (root.name, dataset) {
        case ("array", .rows(let rows)):
            shape = .list
            runs = [Self.run(root, items: root.children.map(\.range), in: bytes)]
            entries = rows.enumerated().map { EditEntry(record: $1, run: 0, item: $0) }
            records = rows
        case ("dict", .rows(let rows)):
            shape = .keyed(columns: columns)
            let pairs = Self.pairs(root)
            runs = [Self.run(root, items: pairs.map(\.range), in: bytes)]
            oneLine = pairs.last?.value.map { !bytes[$0.range].contains(0x0A) } ?? false
            entries = rows.compactMap { record in
                pairs.firstIndex { $0.key == record[keyField]?.text }.map { EditEntry(record: record, run: 0, item: $0) }
            }
            records = rows
        case ("dict", .sections(let sections)):
            shape = .sections(sections.map(\.title))
            let pairs = Self.pairs(root)
            for section in sections {
                guard let pair = pairs.first(where: { $0.key == section.title }), let list = pair.value, list.name == "array" else {
                    throw .error(at: SourceLocation(path: path), "section '\(section.title)' is not an <array> this edit can find")
                }
                let run = runs.count
                runs.append(Self.run(list, items: list.children.map(\.range), in: bytes))
                entries += section.records.enumerated().map { EditEntry(record: $1, run: run, item: $0) }
            }
            records = sections.flatMap(\.records)
        default:
            throw .error(at: SourceLocation(path: path), "the property list is neither a list of records nor a dictionary of them")
        }
        self.runs = runs
        self.entries = entries
        keyedValuesOnOneLine = oneLine
    }

    /// A dictionary's `<key>`…value pairs, each as one range.
    static func pairs(_ dictionary: PropertyListSpans.Element) -> [(key: String, range: Range<Int>, value: PropertyListSpans.Element?)] {
        var pairs: [(key: String, range: Range<Int>, value: PropertyListSpans.Element?)] = []
        var index = 0
        let children = dictionary.children
        while index + 1 < children.count {
            if children[index].name == "key" {
                pairs.append((children[index].text, children[index].range.lowerBound..<children[index + 1].range.upperBound, children[index + 1]))
                index += 2
            } else {
                index += 1
            }
        }
        return pairs
    }

    static func run(_ container: PropertyListSpans.Element, items: [Range<Int>], in bytes: [UInt8]) -> RecordRun {
        let openEnd = bytes[container.range].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? container.range.lowerBound
        let closeStart = bytes[container.range].lastIndex(of: UInt8(ascii: "<")) ?? container.range.upperBound
        let indent = lineIndent(container.range.lowerBound, in: bytes)
        let separator = items.first.map { Array(bytes[openEnd..<$0.lowerBound]) } ?? ([0x0A] + indent + [0x09])
        return RecordRun(
            items: items, inside: openEnd..<max(openEnd, closeStart), separator: separator, opening: [0x0A] + indent + [0x09],
            closing: [0x0A] + indent, copiesSeparator: true)
    }

    static func lineIndent(_ offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return Array(bytes[start..<offset].prefix { $0 == 0x20 || $0 == 0x09 })
    }

    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8] {
        let last = runs[run].items.last
        let indent = last.map { Self.lineIndent($0.lowerBound, in: bytes) } ?? Array(runs[run].opening.dropFirst())
        // One level in, as the last record's first inner line has it (a tab by default).
        var unit: [UInt8] = [0x09]
        if let last, let newline = bytes[last].firstIndex(of: 0x0A) {
            let inner = Array(bytes[(newline + 1)..<last.upperBound].prefix { $0 == 0x20 || $0 == 0x09 })
            if inner.count > indent.count && inner.starts(with: indent) { unit = Array(inner[indent.count...]) }
        }
        let neighbour = entries.last { $0.run == run }?.record
        func lines(_ elements: [String], at depth: [UInt8]) -> [UInt8] {
            Array(elements.map { Array((String(decoding: depth, as: UTF8.self) + $0).utf8) }.joined(separator: lineEnding))
        }
        // A file written on one line gets its new record on one line.
        let isOneLine = last.map { !bytes[$0].contains(0x0A) } ?? false
        func dictionary(_ fields: [Object.Field], at depth: [UInt8]) -> [UInt8] {
            let inner = fields.flatMap { ["<key>\(PropertyListSpans.escape($0.name))</key>", Self.element($0.value)] }
            if isOneLine { return Array(("<dict>" + inner.joined() + "</dict>").utf8) }
            return Array("<dict>".utf8) + lineEnding + lines(inner, at: depth + unit) + lineEnding + depth + Array("</dict>".utf8)
        }
        switch shape {
        case .list, .sections:
            return dictionary(FieldOrder.arrange(record, like: neighbour), at: indent)
        case .keyed(let columns):
            let key = try DocumentShape.key(of: record, field: keyField, among: records)
            let rest = record.filter { $0.name != keyField }
            let value: [UInt8]
            if let columns {
                let values = columns.map { name in Self.element(rest.first { $0.name == name }?.value ?? .string("")) }
                value = keyedValuesOnOneLine
                    ? Array(("<array>" + values.joined() + "</array>").utf8)
                    : Array("<array>".utf8) + lineEnding + lines(values, at: indent + unit) + lineEnding + indent + Array("</array>".utf8)
            } else {
                value = dictionary(FieldOrder.arrange(rest, like: neighbour), at: indent)
            }
            return Array("<key>\(PropertyListSpans.escape(key))</key>".utf8) + lineEnding + indent + value
        }
    }

    /// A value as the element that holds it.
    static func element(_ value: Value) -> String {
        switch value {
        case .bool(let flag): return flag ? "<true/>" : "<false/>"
        case .number(let number):
            return number.value == number.value.rounded() && !number.text.contains(".") && !number.text.contains("e")
                ? "<integer>\(number.text)</integer>" : "<real>\(number.text)</real>"
        case .date(let date):
            return "<date>\(date.text.count == 10 ? date.text + "T00:00:00Z" : date.text)</date>"
        default:
            return "<string>\(PropertyListSpans.escape(value.text))</string>"
        }
    }
}
