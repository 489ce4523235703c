import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// A JSON file for editing, in each shape a page reads: an array of records; an object keyed
/// by each record's label (its values objects, or arrays named by `columns:`); or an object of
/// sections, each an array (pre-grouped, `--section` names one).
struct JSONData: DocumentData {
    let bytes: [UInt8]
    let shape: DocumentShape
    let keyField: String
    let records: [Record]
    let runs: [RecordRun]
    let entries: [EditEntry]
    /// A keyed file's values (without their keys), whose layout a new value copies.
    let keyedValues: [Range<Int>]

    init(_ bytes: [UInt8], path: String, columns: [String]?, keyField: String) throws(Diagnostic) {
        let value = try JSONReader().read(bytes, path: path)
        let dataset = try DatasetShape.of(value, at: SourceLocation(path: path), columns: columns, keyField: keyField)
        self.bytes = bytes
        self.keyField = keyField
        let root = JSONSpans(bytes: bytes).root()
        var runs: [RecordRun] = []
        var keyedValues: [Range<Int>] = []
        switch (root, dataset) {
        case (.array(let range, let items), .rows):
            shape = .list
            runs = [Self.run(range, items: items.map(\.range), in: bytes)]
        case (.object(let range, let members), .rows):
            shape = .keyed(columns: columns)
            runs = [Self.run(range, items: members.map(\.member), in: bytes)]
            keyedValues = members.map(\.value.range)
        case (.object(_, let members), .sections(let sections)):
            shape = .sections(sections.map(\.title))
            for member in members {
                guard case .array(let range, let items) = member.value else { continue }
                runs.append(Self.run(range, items: items.map(\.range), in: bytes))
            }
        default:
            throw .error(at: SourceLocation(path: path), "the data is neither a list of records nor an object of them", hint: "add and remove edit lists of records")
        }
        self.runs = runs
        self.keyedValues = keyedValues
        (records, entries) = dataset.editEntries
    }

    /// A bracketed list: what is between its records, and how a first one is laid out.
    static func run(_ container: Range<Int>, items: [Range<Int>], in bytes: [UInt8]) -> RecordRun {
        let inside = (container.lowerBound + 1)..<(container.upperBound - 1)
        var lineStart = container.lowerBound
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let outer = Array(bytes[lineStart..<container.lowerBound].prefix { $0 == 0x20 || $0 == 0x09 })
        let separator: [UInt8]
        if let first = items.first {
            let space = Array(bytes[inside.lowerBound..<first.lowerBound])
            // `[{…}]` on one line: `, ` between records, as a person writes a list.
            let isOneLine = space.isEmpty && !bytes[container].contains(0x0A)
            separator = [UInt8(ascii: ",")] + (isOneLine ? [0x20] : space)
        } else {
            separator = [UInt8(ascii: ","), 0x0A] + outer + Array("  ".utf8)
        }
        return RecordRun(
            items: items, inside: inside, separator: separator, opening: [0x0A] + outer + Array("  ".utf8), closing: [0x0A] + outer,
            copiesSeparator: true)
    }

    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8] {
        let last = runs[run].items.last
        let neighbour = entries.last { $0.run == run }?.record
        switch shape {
        case .list, .sections:
            let style = last.map { JSONText.Style.of($0, in: bytes) } ?? defaultStyle(run)
            return JSONText.record(FieldOrder.arrange(record, like: neighbour), style: style)
        case .keyed(let columns):
            let key = try DocumentShape.key(of: record, field: keyField, among: records)
            let rest = record.filter { $0.name != keyField }
            var memberStyle = last.map { JSONText.Style.of($0, in: bytes) } ?? defaultStyle(run)
            let value: [UInt8]
            if let columns {
                value = JSONText.value(.list(columns.map { name in rest.first { $0.name == name }?.value ?? .null }))
            } else {
                let style = keyedValues.last.map { JSONText.Style.of($0, in: bytes) } ?? memberStyle
                value = JSONText.record(FieldOrder.arrange(rest, like: neighbour), style: style)
            }
            memberStyle.isMultiline = false
            return JSONText.quote(key) + memberStyle.colon + value
        }
    }

    private func defaultStyle(_ run: Int) -> JSONText.Style {
        var style = JSONText.Style.pretty
        style.indent = Array(runs[run].opening.drop { $0 == 0x0A })
        return style
    }
}
