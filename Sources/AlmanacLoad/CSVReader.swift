import AlmanacCore

/// Reads CSV and TSV as RFC 4180 describes them: a header row names the fields; fields may be
/// quoted, and quoted fields may hold the delimiter, doubled quotes and line breaks; lines end
/// in LF or CRLF; a UTF-8 BOM is skipped. A row with more or fewer fields than the header is an
/// error at that row, because silently padding it would shift data into the wrong column.
public struct CSVReader: Sendable {
    /// What a page may say about how its table is written, beside the delimiter.
    public struct Options: Sendable, Equatable {
        /// Fields may be quoted. TSV as IANA defines it (`zone1970.tab`) has none: a `"` is data.
        public var quotes = true
        /// Lines starting with this are not rows (`#` in IANA's tables).
        public var comment: String?
        /// The file has no header row: these name its columns.
        public var columns: [String]?
        /// A row shorter than the header has empty trailing cells, rather than being an error.
        public var shortRowsAreEmpty = false

        public init(quotes: Bool = true, comment: String? = nil, columns: [String]? = nil, shortRowsAreEmpty: Bool = false) {
            self.quotes = quotes
            self.comment = comment
            self.columns = columns
            self.shortRowsAreEmpty = shortRowsAreEmpty
        }
    }

    public let delimiter: UInt8
    public var options: Options

    public init(delimiter: UInt8 = UInt8(ascii: ","), options: Options = Options()) {
        self.delimiter = delimiter
        self.options = options
    }

    /// A tab-separated file, read without quoting.
    public static func tsv(_ options: Options = Options()) -> CSVReader {
        var options = options
        options.quotes = false
        return CSVReader(delimiter: 0x09, options: options)
    }

    public func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> [Record] {
        try layout(bytes, path: path).records
    }

    /// Where each row sits in the file, with the records: what an edit needs to change one
    /// row and leave every other byte alone.
    public struct Layout: Sendable {
        public let names: [String]
        /// The header row's bytes, without its line break.
        public let header: Range<Int>
        /// Each record's bytes, without its line break; blank lines are not records.
        public let rows: [Range<Int>]
        public let records: [Record]
        /// The file's own line break: CRLF when its first line ends so.
        public let lineEnding: [UInt8]
        /// Every header cell is quoted, so new rows quote every cell too.
        public let quotesEveryCell: Bool
    }

    public func layout(_ bytes: [UInt8], path: String) throws(Diagnostic) -> Layout {
        try TextInput.validateUTF8(bytes, path: path)
        var scanner = Scanner(bytes: bytes, path: path, delimiter: delimiter, index: TextInput.contentStart(bytes), options: options)
        let (names, header) = try readHeader(&scanner, path: path)
        var records = RecordTable.Builder()
        var spans: [Range<Int>] = []
        while var row = try scanner.nextRow() {
            if row.cells.count == 1 && row.cells[0].text.isEmpty && !row.cells[0].wasQuoted {
                continue  // A blank line.
            }
            if options.shortRowsAreEmpty && row.cells.count < names.count {
                row.cells += (row.cells.count..<names.count).map { _ in Cell(text: "", wasQuoted: false, offset: row.end) }
            }
            guard row.cells.count == names.count else {
                let offset = row.cells.count > names.count ? row.cells[names.count].offset : row.end
                let separator = delimiter == 0x09 ? "\\t" : String(Character(Unicode.Scalar(delimiter)))
                // Too many fields is most often a delimiter inside a value; too few, a missing one.
                let hint = row.cells.count > names.count
                    ? (options.quotes ? "quote fields that contain '\(separator)'" : "a value cannot hold '\(separator)' in this file")
                    : "give every column a field, empty ones too (a\(separator)\(separator)c)"
                        + (options.quotes ? ", or quote a value that holds a line break" : ", or say short_rows: empty in the page")
                throw .error(
                    at: scanner.location(offset),
                    "row has \(row.cells.count) field\(row.cells.count == 1 ? "" : "s") but the header has \(names.count)", hint: hint)
            }
            var fields: [Object.Field] = []
            fields.reserveCapacity(names.count)
            for (name, cell) in zip(names, row.cells) {
                fields.append(Object.Field(name: name, value: cell.wasQuoted ? .string(cell.text) : CellValue.infer(cell.text)))
            }
            records.append(Object(fields), at: scanner.location(row.start))
            spans.append(row.start..<row.end)
        }
        let firstEnd = header?.end ?? spans.first?.upperBound ?? bytes.count
        let lineEnding: [UInt8] = firstEnd < bytes.count && bytes[firstEnd] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        let start = TextInput.contentStart(bytes)
        return Layout(
            names: names, header: header.map { $0.start..<$0.end } ?? start..<start, rows: spans, records: records.finish(),
            lineEnding: lineEnding, quotesEveryCell: options.quotes && (header?.cells.allSatisfy(\.wasQuoted) ?? false))
    }

    /// The column names: the header row's, or the page's `columns:` for a file without one
    /// (then no row is the header, and the header is nil).
    private func readHeader(_ scanner: inout Scanner, path: String) throws(Diagnostic) -> (names: [String], header: Row?) {
        if let columns = options.columns { return (columns, nil) }
        guard let header = try scanner.nextRow() else {
            throw .error(at: SourceLocation(path: path), "empty file: no header row", hint: "the first line names the columns, e.g. name,capital")
        }
        var names: [String] = []
        var seen = Set<String>()
        for (column, cell) in header.cells.enumerated() {
            let name = cell.text.trimmingSpaces
            if name.isEmpty {
                throw .error(at: scanner.location(cell.offset), "column \(column + 1) has an empty name in the header row")
            }
            if !seen.insert(name).inserted {
                throw .error(at: scanner.location(cell.offset), "column name '\(name)' appears twice in the header row")
            }
            names.append(name)
        }
        return (names, header)
    }

    struct Cell {
        var text: String
        var wasQuoted: Bool
        var offset: Int
    }

    struct Row {
        var cells: [Cell]
        var start: Int
        var end: Int
    }

    struct Scanner {
        let bytes: [UInt8]
        let path: String
        let delimiter: UInt8
        var index: Int
        /// Every record carries its location, so positions are counted on from the last one.
        private var cursor: TextCursor

        let options: Options

        init(bytes: [UInt8], path: String, delimiter: UInt8, index: Int, options: Options) {
            self.bytes = bytes
            self.path = path
            self.delimiter = delimiter
            self.index = index
            self.options = options
            self.cursor = TextCursor(bytes: bytes, path: path)
        }

        mutating func location(_ offset: Int) -> SourceLocation {
            cursor.location(of: offset)
        }

        /// The next row, or nil at the end of the input; comment lines are passed over.
        mutating func nextRow() throws(Diagnostic) -> Row? {
            if let comment = options.comment.map({ Array($0.utf8) }), !comment.isEmpty {
                while index < bytes.count, bytes[index...].starts(with: comment) { skipLine() }
            }
            guard index < bytes.count else { return nil }
            let start = index
            var cells: [Cell] = []
            while true {
                let cell = try nextCell()
                cells.append(cell)
                guard index < bytes.count else { return Row(cells: cells, start: start, end: index) }
                let byte = bytes[index]
                if byte == delimiter {
                    index += 1
                    if index >= bytes.count {
                        cells.append(Cell(text: "", wasQuoted: false, offset: index))
                        return Row(cells: cells, start: start, end: index)
                    }
                    continue
                }
                // A line break ends the row.
                let end = index
                if byte == 0x0D { index += 1 }
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
                return Row(cells: cells, start: start, end: end)
            }
        }

        private mutating func skipLine() {
            while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
            if index < bytes.count && bytes[index] == 0x0D { index += 1 }
            if index < bytes.count && bytes[index] == 0x0A { index += 1 }
        }

        mutating func nextCell() throws(Diagnostic) -> Cell {
            let start = index
            if options.quotes && index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var buffer: [UInt8] = []
                while true {
                    guard index < bytes.count else {
                        throw .error(at: location(start), "unterminated quoted field", hint: "a closing '\"' is missing")
                    }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                            buffer.append(byte)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    buffer.append(byte)
                    index += 1
                }
                if index < bytes.count, bytes[index] != delimiter, bytes[index] != 0x0A, bytes[index] != 0x0D {
                    // Where the parse broke is often lines after the stray quote that opened
                    // the field: both places are named.
                    let opened = location(start)
                    let broke = location(index)
                    guard opened.line != broke.line else {
                        throw .error(at: broke, "unexpected text after a closing quote", hint: "inside a quoted field, write a quote as \"\"")
                    }
                    throw .error(
                        at: broke, "unexpected text after the quote that closes a field opened at line \(opened.line), column \(opened.column)",
                        hint: "if the quote at \(opened.line):\(opened.column) is text, not the start of a quoted field, quote the whole value and write it as \"\"")
                }
                return Cell(text: String(decoding: buffer, as: UTF8.self), wasQuoted: true, offset: start)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                index += 1
            }
            return Cell(text: String(decoding: bytes[start..<index], as: UTF8.self), wasQuoted: false, offset: start)
        }
    }
}

/// How an unquoted text cell (CSV, TSV) becomes a typed value: `true`/`false`, numbers in JSON's
/// strict grammar (so `02134` stays text), ISO dates; an empty cell is null. Numbers keep their
/// written form, so nothing is lost when the value is printed back.
public enum CellValue {
    public static func infer(_ text: String) -> Value {
        if text.isEmpty { return .null }
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "t") where text == "true": return .bool(true)
        case UInt8(ascii: "f") where text == "false": return .bool(false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if let date = DateValue(iso: text) , text.utf8.count >= 7 { return .date(date) }
            if let number = Number(parsing: text) { return .number(number) }
            return .string(text)
        default:
            return .string(text)
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (Foundation-free, for header names).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
