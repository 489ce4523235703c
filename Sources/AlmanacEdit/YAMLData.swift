import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// A YAML file for editing, in block style: a sequence of records, a mapping keyed by each
/// record's label, or a mapping of sections that are sequences. A new record is written in the
/// indentation of the one before it; text is left plain where YAML reads it back as the same
/// text, else double-quoted. Comments outside the record edited are kept; removing a record
/// that carries comments is refused unless forced (`commentsLost`).
struct YAMLData: DocumentData {
    let bytes: [UInt8]
    let path: String
    let shape: DocumentShape
    let keyField: String
    let layout: YAMLLayout
    let records: [Record]
    let entries: [EditEntry]
    let runs: [RecordRun]
    /// Each run's nodes: a sequence item, or a keyed pair's key and value.
    let nodes: [[(key: Range<Int>?, value: YAMLLayout.Node)]]
    let lineEnding: [UInt8]

    init(_ bytes: [UInt8], path: String, columns: [String]?, keyField: String) throws(Diagnostic) {
        let value = try YAMLReader().read(bytes, path: path).value
        let dataset = try DatasetShape.of(value, at: SourceLocation(path: path), columns: columns, keyField: keyField)
        layout = try YAMLLayout(bytes, path: path)
        self.bytes = bytes
        self.path = path
        self.keyField = keyField
        lineEnding = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? [0x0D, 0x0A] : [0x0A]
        var nodes: [[(key: Range<Int>?, value: YAMLLayout.Node)]] = []
        let flow = SourceLocation(path: path)
        switch (layout.root, dataset) {
        case (nil, .rows), (.scalar, .rows):
            shape = .list
            nodes = [[]]
        case (.sequence(_, let isFlow, let items), .rows):
            guard !isFlow else { throw Self.flowError(flow) }
            shape = .list
            nodes = [items.map { (nil, $0) }]
        case (.mapping(_, let isFlow, let pairs), .rows):
            guard !isFlow else { throw Self.flowError(flow) }
            shape = .keyed(columns: columns)
            nodes = [pairs.map { ($0.keyRange, $0.value) }]
        case (.mapping(_, let isFlow, let pairs), .sections(let sections)):
            guard !isFlow else { throw Self.flowError(flow) }
            shape = .sections(sections.map(\.title))
            for pair in pairs {
                guard case .sequence(_, let isFlow, let items) = pair.value, !isFlow else { throw Self.flowError(flow) }
                nodes.append(items.map { (nil, $0) })
            }
        default:
            throw .error(at: flow, "the data is neither a list of records nor a mapping of them", hint: "add and remove edit lists of records")
        }
        self.nodes = nodes
        let lineEnding = self.lineEnding
        runs = nodes.map { items in
            var ranges: [Range<Int>] = []
            for item in items {
                // A comment directly above a record is the record's own: it goes where the record goes.
                let start = Self.lineStart((item.key ?? item.value.range).lowerBound, in: bytes)
                let floor = ranges.last?.upperBound ?? 0
                ranges.append(Self.leadingComments(above: start, notBefore: floor, in: bytes)..<Self.lineEnd(item.value.range.upperBound, in: bytes))
            }
            guard let first = ranges.first, let last = ranges.last else {
                return RecordRun(items: [], inside: 0..<bytes.count, separator: lineEnding, closing: lineEnding)
            }
            // Removing the only record takes its line break too, as adding the first one put it.
            let through = last.upperBound + (bytes[last.upperBound...].starts(with: lineEnding) ? lineEnding.count : 0)
            return RecordRun(items: ranges, inside: first.lowerBound..<through, separator: lineEnding)
        }
        (records, entries) = dataset.editEntries
    }

    static func flowError(_ location: SourceLocation) -> Diagnostic {
        .error(at: location, "cannot edit YAML written in flow style ([…] or {…})", hint: "write the records in block style, one per '- ' item")
    }

    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8] {
        let neighbour = entries.last { $0.run == run }?.record
        let last = nodes[run].last
        switch shape {
        case .list, .sections:
            // `- ` and the key's column, as the last item has them.
            var prefix = Array("- ".utf8)
            if let last, case .mapping(_, false, let pairs) = last.value, let key = pairs.first?.keyRange {
                let start = Self.lineStart(key.lowerBound, in: bytes)
                let lead = Array(bytes[start..<key.lowerBound])
                if !lead.contains(0x0A) { prefix = lead }
            }
            return Self.block(FieldOrder.arrange(record, like: neighbour), first: prefix, rest: Array(repeating: 0x20, count: prefix.count), lineEnding: lineEnding)
        case .keyed(let columns):
            let key = try DocumentShape.key(of: record, field: keyField, among: records)
            let rest = record.filter { $0.name != keyField }
            let keyIndent = last.flatMap { $0.key }.map { Array(bytes[Self.lineStart($0.lowerBound, in: bytes)..<$0.lowerBound]) } ?? []
            var inner = keyIndent + Array("  ".utf8)
            if let last, case .mapping(_, false, let pairs) = last.value, let first = pairs.first?.keyRange {
                inner = Array(bytes[Self.lineStart(first.lowerBound, in: bytes)..<first.lowerBound])
            }
            var output = keyIndent + YAMLText.scalar(.string(key)) + Array(":".utf8)
            if let columns {
                let values = columns.map { name in rest.first { $0.name == name }?.value ?? .null }
                output += Array(" [".utf8) + values.map(YAMLText.scalar).joined(separator: Array(", ".utf8)) + Array("]".utf8)
            } else {
                output += lineEnding + Self.block(FieldOrder.arrange(rest, like: neighbour), first: inner, rest: inner, lineEnding: lineEnding)
            }
            return output
        }
    }

    /// `key: value` lines, the first after `first`, the others after `rest`.
    static func block(_ fields: [Object.Field], first: [UInt8], rest: [UInt8], lineEnding: [UInt8]) -> [UInt8] {
        let lines = fields.map { YAMLText.scalar(.string($0.name)) + Array(": ".utf8) + YAMLText.scalar($0.value) }
        guard !lines.isEmpty else { return first.dropLast(first.last == 0x20 ? 1 : 0) + Array(" {}".utf8) }
        return first + lines.joined(separator: lineEnding + rest)
    }

    /// `#` comments that removing these entries would take with them, other than each
    /// record's own, directly above it.
    func commentsLost(removing chosen: [Int]) -> [SourceLocation] {
        var lost: [SourceLocation] = []
        for index in chosen {
            let entry = entries[index]
            let items = runs[entry.run].items
            let node = nodes[entry.run][entry.item]
            let own = items[entry.item].lowerBound..<Self.lineStart((node.key ?? node.value.range).lowerBound, in: bytes)
            let range: Range<Int>
            if items.count == 1 {
                range = runs[entry.run].inside
            } else if entry.item == items.count - 1 {
                range = items[entry.item - 1].upperBound..<items[entry.item].upperBound
            } else {
                range = items[entry.item].lowerBound..<items[entry.item + 1].lowerBound
            }
            for offset in range where bytes[offset] == UInt8(ascii: "#") && !own.contains(offset) && isComment(at: offset) {
                lost.append(location(offset))
            }
        }
        return lost
    }

    private func isComment(at offset: Int) -> Bool {
        guard offset == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset - 1]) else { return false }
        return !layout.scalars.contains { $0.contains(offset) }
    }

    private func location(_ offset: Int) -> SourceLocation {
        let before = bytes[..<offset]
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return SourceLocation(path: path, line: line, column: column)
    }

    /// The start of the run of comment-only lines that ends on the line before `lineStart`,
    /// with no blank line between; `lineStart` itself when there is none. Never before `floor`
    /// (the end of the record above, whose own lines may start with `#` inside a block scalar).
    static func leadingComments(above lineStart: Int, notBefore floor: Int, in bytes: [UInt8]) -> Int {
        var start = lineStart
        while start > floor {
            let previous = Self.lineStart(start - 1, in: bytes)
            guard previous >= floor, let first = bytes[previous..<start].firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                  bytes[first] == UInt8(ascii: "#") else { break }
            start = previous
        }
        return start
    }

    static func lineStart(_ offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// The end of the line `offset` is on, before its line break: a comment after the last
    /// value belongs to the record.
    static func lineEnd(_ offset: Int, in bytes: [UInt8]) -> Int {
        var end = max(offset, 0)
        if end > 0 && end <= bytes.count && bytes[end - 1] == 0x0A { end -= 1 }
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}

/// Scalars as YAML reads them back: plain where the plain text means the same value, else
/// double-quoted (JSON's escapes are YAML's).
enum YAMLText {
    static func scalar(_ value: Value) -> [UInt8] {
        switch value {
        case .string(let text):
            if isPlainText(text), !readsAsAnotherType(text),
               case .string(let read) = YAMLScalar.resolve(text, tag: nil, isPlain: true), read == text {
                return Array(text.utf8)
            }
            return JSONText.quote(text)
        case .null: return Array("null".utf8)
        default: return JSONText.value(value).first == UInt8(ascii: "\"") ? Array(value.text.utf8) : JSONText.value(value)
        }
    }

    /// Whether a plain scalar of this text reads as anything but text in YAML 1.1 (PyYAML, and
    /// most tools) or YAML 1.2: booleans of both (`yes`, `NO`, `on`), nulls, integers in every
    /// base (`0x10`, `0o17`, `017`, `0b101`, `000`, `1_000`), sexagesimal (`1:30`), floats
    /// (`.5`, `1e3`, `.inf`, `.NaN`), dates and times (`2024-01-02`), and the merge key `<<`.
    /// Such text is quoted, so every reader gets back the string that was meant.
    static func readsAsAnotherType(_ text: String) -> Bool {
        if otherTypeWords.contains(text) { return true }
        if text.wholeMatch(of: numberPattern) != nil { return true }
        return text.prefixMatch(of: datePattern) != nil
    }

    private static let otherTypeWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "~", "null", "Null", "NULL", "<<", "=",
        ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN",
    ]
    /// Integers and floats of either version, in any base, with `_` and sexagesimal parts.
    nonisolated(unsafe) private static let numberPattern =
        /[-+]?(0b[01_]+|0o?[0-7_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(:[0-5]?[0-9])*(\.[0-9_]*)?([eE][-+]?[0-9]+)?|\.[0-9][0-9_]*([eE][-+]?[0-9]+)?)/
    /// A YAML 1.1 timestamp's date part, which PyYAML reads as a date.
    nonisolated(unsafe) private static let datePattern = /[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/

    /// Text that a plain scalar can hold: no indicator first, no `: ` or ` #`, no line break,
    /// no space at either end.
    static func isPlainText(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("\t") { return false }
        return !text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" || $0 == "\u{FEFF}" }
    }
}
