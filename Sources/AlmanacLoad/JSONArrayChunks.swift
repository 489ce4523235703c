import AlmanacCore

/// A large data file is usually one top-level array of records. Its elements can be parsed on
/// every core once we know where some of them begin, and finding that takes one quick pass
/// that only tracks strings and nesting. Anything unexpected — not an array, unbalanced
/// brackets, a parse error in a chunk — sends the file back to the serial parser, which alone
/// decides what is an error and where, so both ways report exactly the same thing.
extension JSONReader {
    /// Below this size a single pass is quicker than splitting.
    static let parallelThreshold = 1 << 20
    /// Roughly how many bytes of elements one chunk holds.
    static let chunkBytes = 1 << 19

    /// The elements of the top-level array in `bytes`, parsed in parallel; nil when the file
    /// is not a well-formed array, or is too small to be worth splitting.
    func parallelArray(_ bytes: [UInt8], path: String, start: Int) -> [Value]? {
        guard bytes.count >= Self.parallelThreshold, let chunks = Self.arrayChunks(bytes, from: start) else { return nil }
        let parts = Parallel.map(chunks) { chunk -> [Value]? in
            var parser = Parser(bytes: bytes, path: path, index: chunk.lowerBound, end: chunk.upperBound)
            return try? parser.parseElements()
        }
        var elements: [Value] = []
        for part in parts {
            guard let part else { return nil }
            elements.append(contentsOf: part)
        }
        return elements
    }

    /// The elements of a large top-level array read straight into records, chunk by chunk on
    /// every core, so that the file is never held as a tree of values: an object is a record,
    /// a scalar a record with one field, `name` (as `DatasetShape` reads an array). Nil when
    /// the file is anything else — an array holding arrays or nulls included — for the serial
    /// parser and the model to read and, where it is wrong, to report.
    func parallelRecords(_ bytes: [UInt8], path: String, start: Int) -> [Record]? {
        guard bytes.count >= Self.parallelThreshold, let chunks = Self.arrayChunks(bytes, from: start) else { return nil }
        let parts = Parallel.map(chunks) { chunk in
            Self.records(in: chunk, of: bytes, path: path, into: RecordTable.Builder())
        }
        var records: [Record] = []
        for part in parts {
            guard let part else { return nil }
            records.append(contentsOf: part)
        }
        return records
    }

    /// The records of one chunk of a top-level array's elements, collected by `builder`; nil
    /// when the chunk does not parse or holds an array or a null.
    static func records(in chunk: Range<Int>, of bytes: [UInt8], path: String, into builder: RecordTable.Builder) -> [Record]? {
        let location = SourceLocation(path: path)
        var parser = Parser(bytes: bytes, path: path, index: chunk.lowerBound, end: chunk.upperBound)
        var records = builder
        var isRecords = true
        do {
            try parser.forEachElement { value in
                switch value {
                case .object(let object): records.append(object, at: location)
                case .list, .null: isRecords = false
                default: records.append(Object([Object.Field(name: "name", value: value)]), at: location)
                }
                return isRecords
            }
            return isRecords ? try records.finishSpilling() : nil
        } catch {
            return nil
        }
    }

    /// Ranges of whole elements of a top-level array starting at or after `start`, each ending
    /// before the comma that follows it; nil when the text is not one balanced array.
    static func arrayChunks(_ bytes: [UInt8], from start: Int) -> [Range<Int>]? {
        var index = start
        let count = bytes.count
        while index < count, isWhitespace(bytes[index]) { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var chunkStart = index
        var chunks: [Range<Int>] = []
        var depth = 1
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < count else { return nil }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    chunks.append(chunkStart..<index)
                    index += 1
                    while index < count, isWhitespace(bytes[index]) { index += 1 }
                    guard index == count, chunks.count > 1 else { return nil }
                    return chunks
                }
            case UInt8(ascii: ","):
                if depth == 1 && index - chunkStart >= chunkBytes {
                    chunks.append(chunkStart..<index)
                    chunkStart = index + 1
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension JSONReader.Parser {
    /// Comma-separated values filling the parser's range: one chunk of an array's elements,
    /// at the depth they have inside the array.
    mutating func parseElements() throws(Diagnostic) -> [Value] {
        var elements: [Value] = []
        try forEachElement { elements.append($0); return true }
        return elements
    }

    /// Hands each element to `body` as it is parsed, until `body` returns false (the parser
    /// then stops before the range's end).
    mutating func forEachElement(_ body: (Value) -> Bool) throws(Diagnostic) {
        while true {
            skipWhitespace()
            guard body(try parseValue(depth: 1)) else { return }
            skipWhitespace()
            guard index < end else { return }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' between elements") }
            index += 1
        }
    }
}
