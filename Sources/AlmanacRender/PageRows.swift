import AlmanacCore
import AlmanacModel

/// The CSV and NDJSON twins of a page: its rows alone, in page order, every field the data
/// has, for spreadsheets and scripts. The JSON twin keeps sections, headers and labels; these
/// keep only what a `csv.reader` or `jq` wants.
///
/// CSV follows RFC 4180 (a header row of field names, CRLF, a cell quoted when it holds a
/// comma, a quote or a line break), and writes no byte-order mark, which Python, R and
/// `csvkit` would read as part of the first name. A list of plain values is one cell of
/// values joined by "; "; anything deeper is its JSON. NDJSON is one compact JSON object per
/// row, each field as the data typed it.
public enum PageRows {
    public enum Format: Sendable { case csv, ndjson }

    /// Hands the twin to `append` in pieces of about `chunkSize` bytes.
    public static func write(_ page: Page, as format: Format, chunkSize: Int = 1 << 22, to append: ([UInt8]) throws -> Void) throws {
        let rows = page.sections.flatMap(\.rows)
        let names = Record.fieldNames(of: rows.map(\.record))
        var output: [UInt8] = []
        output.reserveCapacity(min(chunkSize, (1 << 16) + rows.count * 64))
        if format == .csv {
            for (index, name) in names.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                cell(name, into: &output)
            }
            output += [0x0D, 0x0A]
        }
        let compact = JSONWriter(pretty: false)
        for row in rows {
            switch format {
            case .csv:
                for (index, value) in row.record.values(names).enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    cell(text(value), into: &output)
                }
                output += [0x0D, 0x0A]
            case .ndjson:
                compact.append(.object(row.record.fields), into: &output, indent: 0)
                output.append(0x0A)
            }
            if output.count >= chunkSize {
                try append(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        try append(output)
    }

    public static func bytes(for page: Page, as format: Format) -> [UInt8] {
        var whole: [UInt8] = []
        try? write(page, as: format, chunkSize: .max) { whole = $0 }
        return whole
    }

    /// A value as one cell.
    static func text(_ value: Value?) -> String {
        switch value {
        case nil, .null?: return ""
        case .list(let items)? where items.allSatisfy(\.isScalar): return items.map(\.text).joined(separator: "; ")
        case .list?, .object?: return JSONWriter(pretty: false).write(value ?? .null)
        case let scalar?: return scalar.text
        }
    }

    static func cell(_ text: String, into output: inout [UInt8]) {
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            output += text.utf8
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }
}
